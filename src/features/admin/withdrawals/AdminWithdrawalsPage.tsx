import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { adminWithdrawalsMachine, selectAdminWithdrawalsStatus } from '../../../../machines/adminWithdrawalsMachine';
import { fetchAdminWithdrawals } from '../../../api/withdrawals';
import { AdminWithdrawalsView } from './AdminWithdrawalsView';
import { parseWithdrawalsPage } from './url';

/** /admin/withdrawals: the URL holds the page; the machine loads it. */
export function AdminWithdrawalsPage() {
  const search = useSearch();
  const page = useMemo(() => parseWithdrawalsPage(search), [search]);
  const [snapshot, send] = useMachine(adminWithdrawalsMachine.provide({ actors: { fetchWithdrawals: fromPromise(({ input }) => fetchAdminWithdrawals(input)) } }), {
    input: { page },
  });
  useEffect(() => send({ type: 'withdrawals.page', page }), [page, send]);
  return (
    <AdminWithdrawalsView
      status={selectAdminWithdrawalsStatus(snapshot)}
      page={snapshot.context.page}
      rows={snapshot.context.rows}
      total={snapshot.context.total}
      onRetry={() => send({ type: 'withdrawals.retry' })}
    />
  );
}
