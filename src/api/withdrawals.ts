import { ADMIN_PAGE_SIZE, type Page } from '../../domain/adminLists';
import type { AdminWithdrawal } from '../../domain/adminOrders';
import type { WithdrawalReceipt, WithdrawalRequest } from '../../machines/withdrawalMachine';
import { supabase } from './client';
import { toApiError } from './errors';

/**
 * Declares a withdrawal (§ 356a BGB, ADR 0025) through public.submit_withdrawal, signed in or not.
 * The answer is `received` with the time for a matching order and, alike, for an unknown order or
 * an e-mail that is not the order's; `alreadyReceived` with the first time when the order's own
 * e-mail declares it again. Refused input is an ApiError of kind `invalid` (HTTP 400) with the
 * database's sentence; too many declarations from one connection status 429 (code PT429).
 */
export async function submitWithdrawal(request: WithdrawalRequest & { locale: string }): Promise<WithdrawalReceipt> {
  const { data, error } = await supabase().rpc('submit_withdrawal', {
    order_number: request.orderNumber,
    email: request.email,
    name: request.name,
    statement: request.statement,
    locale: request.locale === 'de' ? 'de' : 'en',
  });
  if (error) throw toApiError(error);
  const answer = data as { status?: unknown; receivedAt?: unknown } | null;
  if (!answer || (answer.status !== 'received' && answer.status !== 'alreadyReceived') || typeof answer.receivedAt !== 'string') {
    throw toApiError({ message: 'Unexpected answer from submit_withdrawal' });
  }
  return { status: answer.status, receivedAt: answer.receivedAt };
}

type WithdrawalRow = {
  id: string;
  received_at: string;
  email: string | null;
  name: string | null;
  statement: string | null;
  late: boolean;
  delivered_at: string | null;
  orders: { order_number: string } | null;
};
const COLUMNS = 'id,received_at,email,name,statement,late,delivered_at,orders!inner(order_number)';

const withdrawalFrom = (row: WithdrawalRow): AdminWithdrawal => ({
  id: row.id,
  orderNumber: row.orders?.order_number ?? '',
  receivedAt: row.received_at,
  email: row.email,
  name: row.name,
  statement: row.statement,
  late: row.late,
  deliveredAt: row.delivered_at,
});

/** Every withdrawal, newest first, a page at a time (an admin reads all; RLS). */
export async function fetchAdminWithdrawals({ page }: { page: number }): Promise<Page<AdminWithdrawal>> {
  const from = (Math.max(1, page) - 1) * ADMIN_PAGE_SIZE;
  const { data, error, count } = await supabase()
    .from('withdrawals')
    .select(COLUMNS, { count: 'exact' })
    .order('received_at', { ascending: false })
    .order('id')
    .range(from, from + ADMIN_PAGE_SIZE - 1);
  if (error) throw toApiError(error);
  return { rows: (data as unknown as WithdrawalRow[]).map(withdrawalFrom), total: count ?? 0 };
}

/** The withdrawals of one order (at most one today), oldest first. */
export async function fetchOrderWithdrawals({ orderId }: { orderId: string }): Promise<AdminWithdrawal[]> {
  const { data, error } = await supabase().from('withdrawals').select(COLUMNS).eq('order_id', orderId).order('received_at');
  if (error) throw toApiError(error);
  return (data as unknown as WithdrawalRow[]).map(withdrawalFrom);
}
