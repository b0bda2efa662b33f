import type { AttentionPanel, DashboardDays, SalesPanel, StockPanel, TopProduct } from '../../domain/adminDashboard';
import { supabase } from './client';
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

export const fetchDashboardSales = (days: DashboardDays) => call<SalesPanel>('admin_dashboard_sales', { days });
export const fetchDashboardTopProducts = (days: DashboardDays) => call<TopProduct[]>('admin_dashboard_top_products', { days });
export const fetchDashboardStock = (threshold: number) => call<StockPanel>('admin_dashboard_stock', { threshold });
export const fetchDashboardAttention = () => call<AttentionPanel>('admin_dashboard_attention', {});
