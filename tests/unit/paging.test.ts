/** domain/paging.ts: the one page count of the shop and the admin's lists, and the page past the last. */
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE } from '../../domain/adminLists';
import { SHOP_PAGE_SIZE } from '../../domain/catalogue';
import { lastPageInstead, pageCount } from '../../domain/paging';

describe('pageCount', () => {
  it(`counts pages of ${ADMIN_PAGE_SIZE} (admin) and ${SHOP_PAGE_SIZE} (shop), at least one`, () => {
    expect(pageCount(0, ADMIN_PAGE_SIZE)).toBe(1);
    expect(pageCount(1, ADMIN_PAGE_SIZE)).toBe(1);
    expect(pageCount(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE)).toBe(1);
    expect(pageCount(ADMIN_PAGE_SIZE + 1, ADMIN_PAGE_SIZE)).toBe(2);
    expect(pageCount(10_000, ADMIN_PAGE_SIZE)).toBe(400);
    expect(pageCount(48, SHOP_PAGE_SIZE)).toBe(4);
    expect(pageCount(49, SHOP_PAGE_SIZE)).toBe(5);
  });
});

describe('lastPageInstead: a page past the last one shows the last page', () => {
  it('names the last page for a page past it', () => {
    expect(lastPageInstead(9, 30, 12)).toBe(3);
    expect(lastPageInstead(4, 36, 12)).toBe(3);
  });

  it('leaves a page within the list alone, the last one included', () => {
    expect(lastPageInstead(1, 30, 12)).toBeNull();
    expect(lastPageInstead(3, 30, 12)).toBeNull();
  });

  it('leaves an empty list alone: page 1 says there is nothing', () => {
    expect(lastPageInstead(5, 0, 12)).toBeNull();
  });
});
