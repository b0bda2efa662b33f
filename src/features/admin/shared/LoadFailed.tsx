import { Trans } from '@lingui/react/macro';
import { css } from '../../../../styled-system/css';
import { Button } from '../../../ui/Button';

export type LoadFailedProps = {
  /** What failed, translated by the caller. */
  message: string;
  onRetry: () => void;
};

/** An admin page whose list failed to load: the message, announced as an alert, and a Retry button. */
export function LoadFailed({ message, onRetry }: LoadFailedProps) {
  return (
    <div role="alert" className={css({ display: 'grid', gap: '3', justifyItems: 'start', py: '4' })}>
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <Trans>Retry</Trans>
      </Button>
    </div>
  );
}
