import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';
import { Button } from './Button';

export type RetryAlertProps = {
  /** What failed, said plainly. */
  children: ReactNode;
  onRetry: () => void;
  className?: string;
};

/** A block that failed to load: the message (announced as an alert) and a Try again button. */
export function RetryAlert({ children, onRetry, className }: RetryAlertProps) {
  return (
    <div role="alert" className={cx(css({ display: 'grid', gap: '3', justifyItems: 'start' }), className)}>
      {children}
      <Button variant="outline" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
