/**
 * Debian's Chromium (apt-get install chromium): browsers are never downloaded. Without the
 * background-networking flags it keeps dialling Google on a closed network.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
