/**
 * Taps made before the app ran (docs/adr/0035). index.html's early script keeps every tap on an
 * element marked `data-early="key"` in `window.npngEarly`, until `<html data-hydrated>` says the
 * app has taken over. Once the page's screen has hydrated, the app marks the page and taps each
 * kept element again, in order, so the shopper's choice (a size, a colour, Add to Cart, the menu)
 * is applied exactly once, by the app's own handlers.
 */

declare global {
  interface Window {
    npngEarly?: string[];
  }
}

/** The key an early-tappable element carries (`data-early`). */
export const early = (key: string) => ({ 'data-early': key });

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Marks the page hydrated (the early script stands back) and replays the kept taps. */
export async function replayEarlyActions(doc: Document = document, win: Window = window): Promise<number> {
  doc.documentElement.setAttribute('data-hydrated', '');
  const kept = win.npngEarly?.splice(0) ?? [];
  let replayed = 0;
  for (const key of kept) {
    // Each tap after the previous one has rendered: a colour button's handler then sees the size just chosen.
    await nextTask();
    const target = [...doc.querySelectorAll<HTMLElement>('[data-early]')].find((el) => el.getAttribute('data-early') === key);
    if (!target || (target as HTMLButtonElement).disabled) continue;
    target.click();
    replayed++;
  }
  return replayed;
}
