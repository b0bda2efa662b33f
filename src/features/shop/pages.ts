/**
 * The page numbers a pagination bar shows: the first, the last and the current page with its
 * neighbours; `null` marks a gap. A single missing page is shown instead of a gap.
 */
export function pageItems(current: number, count: number, around = 1): (number | null)[] {
  const shown = new Set([1, count]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= count) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const page of sorted) {
    const last = items.at(-1);
    if (typeof last === 'number' && page - last === 2) items.push(last + 1);
    else if (typeof last === 'number' && page - last > 2) items.push(null);
    items.push(page);
  }
  return items;
}
