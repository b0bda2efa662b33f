import { describe, expect, it } from 'vitest';
import {
  type AdminReviewQuery,
  adminReviewsHref,
  DEFAULT_ADMIN_REVIEW_QUERY,
  matchesStatus,
  parseAdminReviewQuery,
  serializeAdminReviewQuery,
  withReviewChange,
} from '../../domain/adminReviews';

describe('/admin/reviews query string', () => {
  it('reads status, search and page; the plain list is the waiting reviews, page 1', () => {
    expect(parseAdminReviewQuery('')).toEqual({ status: 'pending', q: '', page: 1 });
    expect(parseAdminReviewQuery('?status=approved&q=tee&page=3')).toEqual({ status: 'approved', q: 'tee', page: 3 });
    expect(parseAdminReviewQuery('status=REJECTED')).toEqual({ status: 'rejected', q: '', page: 1 });
    expect(parseAdminReviewQuery('status=all&q=%20%20leaks%20at%20the%20lid%20')).toEqual({ status: 'all', q: 'leaks at the lid', page: 1 });
  });

  it('falls back to the default for anything that makes no sense, so an old or hand-edited link still opens', () => {
    for (const search of ['status=deleted', 'status=', 'page=0', 'page=-2', 'page=1.5', 'page=abc', `page=${'9'.repeat(30)}`]) {
      const query = parseAdminReviewQuery(search);
      expect(query.status).toBe('pending');
      expect(query.page).toBe(1);
    }
    // A search is cut to 100 characters, as the other admin lists take it.
    expect(parseAdminReviewQuery(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('writes one canonical form without the defaults, and reads back what it wrote', () => {
    expect(serializeAdminReviewQuery(DEFAULT_ADMIN_REVIEW_QUERY)).toBe('');
    expect(adminReviewsHref(DEFAULT_ADMIN_REVIEW_QUERY)).toBe('/admin/reviews');
    const queries: AdminReviewQuery[] = [
      { status: 'all', q: '', page: 1 },
      { status: 'approved', q: 'Grind Tee & Co', page: 2 },
      { status: 'pending', q: 'ä ö ü ß', page: 7 },
    ];
    for (const query of queries) expect(parseAdminReviewQuery(serializeAdminReviewQuery(query))).toEqual(query);
    expect(adminReviewsHref({ status: 'all', q: 'a b', page: 2 })).toBe('/admin/reviews?status=all&q=a+b&page=2');
  });

  it('a new filter or search starts again at page 1', () => {
    const query: AdminReviewQuery = { status: 'approved', q: 'tee', page: 4 };
    expect(withReviewChange(query, { status: 'rejected' })).toEqual({ status: 'rejected', q: 'tee', page: 1 });
    expect(withReviewChange(query, { q: 'shaker' })).toEqual({ status: 'approved', q: 'shaker', page: 1 });
  });

  it('a decided review still belongs under "all" and its own status, not under another', () => {
    expect(matchesStatus({ ...DEFAULT_ADMIN_REVIEW_QUERY, status: 'all' }, 'approved')).toBe(true);
    expect(matchesStatus({ ...DEFAULT_ADMIN_REVIEW_QUERY, status: 'approved' }, 'approved')).toBe(true);
    expect(matchesStatus(DEFAULT_ADMIN_REVIEW_QUERY, 'approved')).toBe(false);
  });
});
