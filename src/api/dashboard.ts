import type { AttentionPanel, DashboardDays, SalesPanel, StockPanel, TopProduct } from '../../domain/adminDashboard';
import { supabase } from './client';
import { startEarly, takeEarly } from './early';
import { toApiError } from './errors';

/**
 * The admin dashboard's panels (ADR 0036): one admin-only RPC each, aggregated in the database;
 * the answers are JSON objects shaped as domain/adminDashboard.ts types them (numbers arrive as
 * JSON numbers: sums of cents fit in them).
 */
async function call<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase().rpc(name, args);
  if (error) throw toApiError(error);
  return data as T;
}

const KEYS = {
  sales: (days: DashboardDays) => `dashboard:sales:${days}`,
  top: (days: DashboardDays) => `dashboard:top:${days}`,
  stock: (threshold: number) => `dashboard:stock:${threshold}`,
  attention: 'dashboard:attention',
};

const loadSales = (days: DashboardDays) => call<SalesPanel>('admin_dashboard_sales', { days });
const loadTop = (days: DashboardDays) => call<TopProduct[]>('admin_dashboard_top_products', { days });
const loadStock = (threshold: number) => call<StockPanel>('admin_dashboard_stock', { threshold });
const loadAttention = () => call<AttentionPanel>('admin_dashboard_attention', {});

/** The keys of the last prefetch, for dropDashboardPrefetch. */
let prefetched: string[] = [];

/**
 * Starts the four panels' requests now (when there may be a session), for the dashboard's first
 * calls to take: the admin chunk asks this as it arrives, so the panels load beside the is_admin()
 * check and the chunk's first render (docs/bench/dashboard.md). Anyone but an admin is refused by each RPC
 * itself (42501): the admin area drops what was not taken (dropDashboardPrefetch).
 */
export function prefetchDashboard(days: DashboardDays, threshold: number): void {
  if (!supabase().mayHaveSession()) return;
  startEarly(KEYS.sales(days), () => loadSales(days), { fresh: true });
  startEarly(KEYS.top(days), () => loadTop(days), { fresh: true });
  startEarly(KEYS.stock(threshold), () => loadStock(threshold), { fresh: true });
  startEarly(KEYS.attention, loadAttention, { fresh: true });
  prefetched = [KEYS.sales(days), KEYS.top(days), KEYS.stock(threshold), KEYS.attention];
}

/** Drops prefetched answers nobody took (the visitor was no admin, or left first), so no later dashboard shows them. */
export function dropDashboardPrefetch(): void {
  for (const key of prefetched) takeEarly(key);
  prefetched = [];
}

export const fetchDashboardSales = (days: DashboardDays) => takeEarly<SalesPanel>(KEYS.sales(days)) ?? loadSales(days);
export const fetchDashboardTopProducts = (days: DashboardDays) => takeEarly<TopProduct[]>(KEYS.top(days)) ?? loadTop(days);
export const fetchDashboardStock = (threshold: number) => takeEarly<StockPanel>(KEYS.stock(threshold)) ?? loadStock(threshold);
export const fetchDashboardAttention = () => takeEarly<AttentionPanel>(KEYS.attention) ?? loadAttention();
