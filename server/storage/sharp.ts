import type sharpType from 'sharp';

export type Sharp = typeof sharpType;

let loading: Promise<Sharp> | undefined;

/**
 * sharp (libvips), loaded on first use rather than at server start: most runs of the backend
 * (tests, benches) never decode an image, and the native module costs tens of milliseconds.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
