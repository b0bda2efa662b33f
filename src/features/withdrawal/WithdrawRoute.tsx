import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { selectUser } from '../../../machines/authMachine';
import { selectWithdrawalStatus, withdrawalMachine } from '../../../machines/withdrawalMachine';
import { submitWithdrawal } from '../../api/withdrawals';
import { useAuthSelector } from '../../services/useAuthSelector';
import { WithdrawView } from './WithdrawView';

/**
 * /withdraw[?order=NPNG-…]: the withdrawal function (§ 356a BGB). Guests use it as they are; a
 * signed-in customer finds the e-mail filled in, and a link from an order fills its number.
 */
export default function WithdrawRoute() {
  const { i18n } = useLingui();
  const search = useSearch();
  const email = useAuthSelector((snapshot) => selectUser(snapshot)?.email ?? null);
  const [snapshot, send] = useMachine(
    withdrawalMachine.provide({
      actors: { submitWithdrawal: fromPromise(({ input }) => submitWithdrawal({ ...input, locale: i18n.locale })) },
    }),
    { input: { orderNumber: new URLSearchParams(search).get('order'), email } },
  );
  // The session may be known only after the first render.
  useEffect(() => {
    if (email) send({ type: 'form.prefill', email });
  }, [email, send]);
  return (
    <WithdrawView
      status={selectWithdrawalStatus(snapshot)}
      form={snapshot.context.form}
      fieldErrors={snapshot.context.fieldErrors}
      receipt={snapshot.context.receipt}
      error={snapshot.context.error}
      onChange={(field, value) => send({ type: 'form.change', field, value })}
      onSubmit={() => send({ type: 'form.submit' })}
      onBack={() => send({ type: 'confirm.back' })}
      onConfirm={() => send({ type: 'confirm.submit' })}
      onRetry={() => send({ type: 'retry' })}
      onEdit={() => send({ type: 'edit' })}
    />
  );
}
