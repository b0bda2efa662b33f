/** Paged lists (the shop, the admin's tables): how many pages, and where a page past the last goes. */

/** How many pages `total` rows fill; an empty list is one (empty) page. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * A page past the last one (an old link, fewer rows now) shows the last page instead: that page,
 * or null when `page` is within the list (or the list is empty, which page 1 says).
 */
export function lastPageInstead(page: number, total: number, pageSize: number): number | null {
  if (total <= 0) return null;
  const last = pageCount(total, pageSize);
  return page > last ? last : null;
}
