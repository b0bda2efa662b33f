import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css, cx } from '../../styled-system/css';

export type PriceNoticeProps = {
  className?: string;
};

const notice = css({ color: 'fg.muted', fontSize: 'xs', fontWeight: 'normal' });
const link = css({ textDecoration: 'underline', _hover: { color: 'accent.text' } });

/** PAngV §§ 3 and 6: every price a shopper sees says it includes VAT and that shipping comes on top (docs/adr/0023). */
export function PriceNotice({ className }: PriceNoticeProps) {
  return (
    <p className={cx(notice, className)}>
      <Trans>
        incl. VAT, plus{' '}
        <Link href="/support/shipping" className={link}>
          shipping
        </Link>
      </Trans>
    </p>
  );
}
