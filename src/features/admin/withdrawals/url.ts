/** /admin/withdrawals' query (`?page=`): a value that makes no sense is page 1, so an old link still opens the list. */
export function parseWithdrawalsPage(search: string): number {
  const page = new URLSearchParams(search).get('page')?.trim() ?? '';
  const number = /^\d+$/.test(page) ? Number(page) : Number.NaN;
  return Number.isSafeInteger(number) && number >= 1 ? number : 1;
}

export const adminWithdrawalsHref = (page: number) => (page > 1 ? `/admin/withdrawals?page=${page}` : '/admin/withdrawals');

/**
 * The refund of a withdrawn order: its admin page, opening the existing refund flow there
 * (adminOrderMachine: "Cancel and refund" before shipping, Refund after).
 */
export const refundHref = (orderNumber: string) => `/admin/orders/${encodeURIComponent(orderNumber)}?refund=withdrawal`;

/** Whether the order page was opened to refund a withdrawal. */
export const opensRefund = (search: string) => new URLSearchParams(search).get('refund') === 'withdrawal';
