import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { Product, Variant } from '../../../domain/catalogue';
import { selectAuthStatus, selectUser } from '../../../machines/authMachine';
import { notifyMeMachine, selectNotifyMeStatus } from '../../../machines/notifyMeMachine';
import { requestBackInStock } from '../../api/backInStock';
import { useAuthSelector } from '../../services/useAuthSelector';
import { colorLabel } from '../../ui/catalogueLabels';
import { NotifyMeView } from './NotifyMeView';

const soldOut = (v: Variant) => v.inventory <= 0;

/**
 * "Notify me when it's back" for a product with sold-out variants (issue 24 item 3): nothing when
 * every variant is in stock. Signed in: one click with the account's address; a guest gives one.
 */
export function NotifyMe({ product, selected }: { product: Product; selected: Variant | null }) {
  const status = useAuthSelector(selectAuthStatus);
  const user = useAuthSelector(selectUser);
  const options = product.variants.filter(soldOut);
  if (options.length === 0) return null;
  const accountEmail = status === 'signedIn' && user ? user.email : null;
  // A new sign-in (or out) starts the form afresh.
  return <NotifyMeForm key={accountEmail ?? 'guest'} variants={options} selected={selected} accountEmail={accountEmail} />;
}

function NotifyMeForm({ variants, selected, accountEmail }: { variants: Variant[]; selected: Variant | null; accountEmail: string | null }) {
  const { i18n } = useLingui();
  const selectedOut = !!selected && variants.some((v) => v.id === selected.id);
  const [snapshot, send] = useMachine(notifyMeMachine.provide({ actors: { request: fromPromise(({ input }) => requestBackInStock(input)) } }), {
    input: { variantId: selectedOut && selected ? selected.id : variants[0].id, signedIn: accountEmail !== null },
  });
  // Choosing a sold-out variant in the picker asks about that one.
  useEffect(() => {
    if (selectedOut && selected) send({ type: 'variant.set', variantId: selected.id });
  }, [selectedOut, selected, send]);
  const label = (v: Variant) => [v.size, v.color && colorLabel(i18n, v.color)].filter(Boolean).join(' / ') || v.sku;
  const locale = i18n.locale === 'de' ? 'de' : 'en';
  return (
    <NotifyMeView
      options={variants.map((v) => ({ id: v.id, label: label(v) }))}
      variantId={snapshot.context.variantId}
      status={selectNotifyMeStatus(snapshot)}
      email={snapshot.context.email}
      accountEmail={accountEmail}
      open={selectedOut}
      onVariantChange={(variantId) => send({ type: 'variant.set', variantId })}
      onEmailChange={(value) => send({ type: 'form.email', value })}
      onSubmit={() => send({ type: 'form.submit', locale })}
    />
  );
}
