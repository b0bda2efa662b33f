import { Link } from 'wouter';
import { css } from '../../styled-system/css';

export type BackLinkProps = {
  href: string;
  /** What the link says after its arrow ("Back to account"). */
  label: string;
};

/** "← Back to …" above a page's heading. */
export function BackLink({ href, label }: BackLinkProps) {
  return (
    <Link href={href} className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', minH: '11', color: 'fg.muted', fontWeight: 'semibold', _hover: { color: 'fg' } })}>
      <span aria-hidden="true">←</span>
      {label}
    </Link>
  );
}
