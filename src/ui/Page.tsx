import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { useDocumentTitle } from './useDocumentTitle';

export type PageProps = {
  /** The page's heading, also the first part of the document title. */
  title: string;
  /** Shown under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
  width?: 'narrow' | 'wide';
  /** A way back above the heading (a BackLink). */
  back?: ReactNode;
};

export const pageHeading = css({
  textStyle: 'heading',
  fontSize: { base: '3xl', md: '5xl' },
  lineHeight: '1.1',
  letterSpacing: 'tight',
});
/** A heading with a word wider than a phone at 3xl (German compounds: "Widerrufsbelehrung") starts smaller. */
const longWordHeading = css({
  textStyle: 'heading',
  fontSize: { base: '2xl', sm: '3xl', md: '5xl' },
  lineHeight: '1.1',
  letterSpacing: 'tight',
});
const LONG_WORD = 14;
const hasLongWord = (text: string) => text.split(/\s+/).some((word) => word.length > LONG_WORD);

/** A content page: one h1, the document title, and a readable column. */
export function Page({ title, lead, children, width = 'wide', back }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={css({ mx: 'auto', px: { base: '4', md: '8' }, py: { base: '8', md: '12' }, maxW: width === 'narrow' ? '3xl' : '6xl' })}>
      {back && <div className={css({ mb: '4' })}>{back}</div>}
      <h1 className={hasLongWord(title) ? longWordHeading : pageHeading}>{title}</h1>
      {lead && <p className={css({ mt: '3', color: 'fg.muted', fontSize: 'lg', maxW: '2xl' })}>{lead}</p>}
      <div className={css({ mt: { base: '6', md: '10' } })}>{children}</div>
    </div>
  );
}
