import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'wouter';
import { cx } from '../../styled-system/css';
import { button, type ButtonVariantProps } from '../../styled-system/recipes';

export type ButtonLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & ButtonVariantProps & { href: string };

/** A link that looks like a button (navigation stays a link for screen readers and middle-click). */
export function ButtonLink({ variant, size, className, href, ...rest }: ButtonLinkProps) {
  return <Link href={href} className={cx(button({ variant, size }), className)} {...rest} />;
}
