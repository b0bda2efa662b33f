import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode, RefObject } from 'react';
import { css } from '../../styled-system/css';

export type AlertDialogFrameProps = {
  open: boolean;
  /** The question, also the dialog's accessible name. */
  title: string;
  /** Where focus starts: the safe button. */
  initialFocus: RefObject<HTMLElement | null>;
  /** Something is running: Escape does nothing and the dialog says it is busy. */
  busy?: boolean;
  onCancel: () => void;
  /** Rounded width of the panel. */
  width?: string;
  /** The description (with Dialog.Description), fields and buttons. */
  children: ReactNode;
};

/**
 * The frame of a dialog that asks before something that cannot be taken back: an alert dialog
 * whose focus starts on the safe button, Escape cancels unless busy, a click outside does nothing
 * (the question needs an answer) and focus returns to where it was.
 */
export function AlertDialogFrame({ open, title, initialFocus, busy = false, onCancel, width = '28rem', children }: AlertDialogFrameProps) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      initialFocusEl={() => initialFocus.current}
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
            style={{ width: `min(${width}, 100%)` }}
            className={css({
              bg: 'bg',
              color: 'fg',
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
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
