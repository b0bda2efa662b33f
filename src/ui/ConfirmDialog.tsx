import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useRef } from 'react';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { Button } from './Button';

export type ConfirmDialogProps = {
  open: boolean;
  /** The question, also the dialog's accessible name ("Leave without saving?"). */
  title: string;
  /** What happens on confirm, said plainly (the dialog's accessible description). */
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The confirm button is styled as a danger (discarding, cancelling an order). */
  destructive?: boolean;
  /** The confirmed action is running: both buttons wait and Escape does nothing. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before something that cannot be taken back. An alert dialog: focus starts on the safe
 * button (cancel), Escape cancels, a click outside does nothing (the question needs an answer),
 * and focus returns to where it was.
 */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, destructive = false, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      initialFocusEl={() => cancelRef.current}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={css({ position: 'fixed', inset: 0, bg: 'rgba(0,0,0,0.7)', zIndex: 80 })} />
        <Dialog.Positioner className={css({ position: 'fixed', inset: 0, zIndex: 81, display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4' })}>
          <Dialog.Content
            aria-busy={busy || undefined}
            className={css({
              bg: 'bg',
              color: 'fg',
              w: 'min(28rem, 100%)',
              maxH: 'calc(100dvh - 2rem)',
              overflowY: 'auto',
              display: 'grid',
              gap: '4',
              p: '5',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'lg',
              outline: 'none',
            })}
          >
            <Dialog.Title className={css({ textStyle: 'heading', fontSize: 'xl', lineHeight: '1.2' })}>{title}</Dialog.Title>
            <Dialog.Description className={css({ color: 'fg.muted' })}>{description}</Dialog.Description>
            <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '3' })}>
              <button ref={cancelRef} type="button" className={button({ variant: 'outline' })} disabled={busy} onClick={onCancel}>
                {cancelLabel}
              </button>
              <Button variant={destructive ? 'danger' : 'solid'} disabled={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
