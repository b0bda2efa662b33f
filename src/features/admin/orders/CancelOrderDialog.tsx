import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { css } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { Button } from '../../../ui/Button';

export type CancelOrderDialogProps = {
  open: boolean;
  orderNumber: string;
  onConfirm: () => void;
  /** Keep order, Esc or a click beside the dialog. */
  onDismiss: () => void;
};

/**
 * "Cancel order NPNG-…?" before a cancel, which cannot be undone. An Ark alert dialog: focus is
 * trapped inside and starts on Keep order (the safe answer), and returns to the page's Cancel order
 * button when it closes.
 */
export function CancelOrderDialog({ open, orderNumber, onConfirm, onDismiss }: CancelOrderDialogProps) {
  const { t } = useLingui();
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onDismiss()} role="alertdialog" initialFocusEl={() => keep.current} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={css({ position: 'fixed', inset: 0, bg: 'rgba(0,0,0,0.7)', zIndex: 70 })} />
        <Dialog.Positioner className={css({ position: 'fixed', inset: 0, zIndex: 71, display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4' })}>
          <Dialog.Content
            className={css({
              bg: 'bg',
              color: 'fg',
              w: 'full',
              maxW: 'md',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'lg',
              p: { base: '5', md: '6' },
              display: 'grid',
              gap: '4',
              outline: 'none',
            })}
          >
            <Dialog.Title className={css({ textStyle: 'heading', fontSize: 'xl', lineHeight: '1.2', overflowWrap: 'anywhere' })}>{t`Cancel order ${orderNumber}?`}</Dialog.Title>
            <Dialog.Description className={css({ color: 'fg.muted' })}>{t`The items go back into stock. This cannot be undone.`}</Dialog.Description>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' })}>
              <Button variant="danger" onClick={onConfirm}>
                {t`Cancel order`}
              </Button>
              <button ref={keep} type="button" className={button({ variant: 'outline' })} onClick={onDismiss}>
                {t`Keep order`}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
