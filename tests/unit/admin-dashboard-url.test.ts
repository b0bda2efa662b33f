import { describe, expect, it } from 'vitest';
import { bestDay, dashboardHref, parseDashboardDays } from '../../domain/adminDashboard';

describe('the dashboard period in the URL (?days=)', () => {
  it.each([
    ['', 30],
    ['?days=7', 7],
    ['days=30', 30],
    ['?days=90', 90],
    ['?days=%2090%20', 90],
    ['?days=31', 30],
    ['?days=0', 30],
    ['?days=-7', 30],
    ['?days=7.0', 30],
    ['?days=1e2', 30],
    ['?days=abc', 30],
    ['?days=007', 7],
    ['?days=7&days=90', 7],
    ['?page=2', 30],
  ])('%s → %i', (search, days) => {
    expect(parseDashboardDays(search)).toBe(days);
  });

  it('writes the default period as the bare /admin, and round-trips every period', () => {
    expect(dashboardHref(30)).toBe('/admin');
    for (const days of [7, 30, 90] as const) expect(parseDashboardDays(dashboardHref(days).split('?')[1] ?? '')).toBe(days);
  });

  it('the best day is the first with the highest revenue; none in an all-zero series', () => {
    const day = (d: string, revenue: number) => ({ day: d, revenue, orders: revenue ? 1 : 0 });
    expect(bestDay([day('a', 5), day('b', 9), day('c', 9)])).toEqual(day('b', 9));
    expect(bestDay([day('a', 0), day('b', 0)])).toBeNull();
    expect(bestDay([])).toBeNull();
  });
});
