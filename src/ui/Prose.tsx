import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';

/** Long-form text (policies, guides): comfortable measure, spaced headings and lists. */
export const prose = css({
  maxW: '3xl',
  color: 'fg',
  '& h2': { textStyle: 'heading', fontSize: { base: 'lg', sm: 'xl', md: '2xl' }, textTransform: 'uppercase', mt: '10', mb: '3' },
  '& h3': { fontWeight: 'bold', fontSize: 'lg', mt: '6', mb: '2' },
  '& p': { mb: '4', color: 'fg.muted' },
  '& ul': { listStyle: 'disc', pl: '6', mb: '4', color: 'fg.muted' },
  '& ol': { listStyle: 'decimal', pl: '6', mb: '4', color: 'fg.muted' },
  '& li': { mb: '1' },
  '& a': { color: 'accent.text', textDecoration: 'underline' },
  '& strong': { color: 'fg' },
  '& table': { w: 'full', borderCollapse: 'collapse', mb: '6' },
  '& th, & td': { textAlign: 'left', borderBottomWidth: '1px', borderColor: 'border', px: '3', py: '2' },
  '& th': { fontWeight: 'bold', color: 'fg' },
  '& td': { color: 'fg.muted' },
});

export function Prose({ children }: { children: ReactNode }) {
  return <div className={prose}>{children}</div>;
}
