import { Dialog } from '@ark-ui/react/dialog';
import { useRef } from 'react';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { AlertDialogFrame } from './AlertDialogFrame';
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

/** Asks before something that cannot be taken back (the frame: AlertDialogFrame), with cancel and confirm. */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, destructive = false, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialogFrame open={open} title={title} initialFocus={cancelRef} busy={busy} onCancel={onCancel}>
      <Dialog.Description className={css({ color: 'fg.muted' })}>{description}</Dialog.Description>
      <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '3' })}>
        <button ref={cancelRef} type="button" className={button({ variant: 'outline' })} disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <Button variant={destructive ? 'danger' : 'solid'} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </AlertDialogFrame>
  );
}
