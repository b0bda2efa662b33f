import { useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { ButtonLink } from '../../ui/ButtonLink';

/** The withdrawal function (§ 356a BGB) from an order: /withdraw with the order's number filled in. */
export function WithdrawFromOrder({ orderNumber }: { orderNumber: string }) {
  const { t } = useLingui();
  return (
    <div className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t`Changed your mind? You can withdraw within 14 days of delivery.`}</p>
      <ButtonLink href={`/withdraw?order=${encodeURIComponent(orderNumber)}`} variant="outline">
        {t`Withdraw from contract`}
      </ButtonLink>
    </div>
  );
}
