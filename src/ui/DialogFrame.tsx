import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';

export type DialogFrameProps = {
  open: boolean;
  /** The dialog's accessible name. */
  title: string;
  /** Said under the title and announced with it. */
  description?: ReactNode;
  /** An alert dialog asks before something that cannot be undone: a click beside it does nothing. */
  alert?: boolean;
  /** A request runs: Escape and a click beside it do nothing, and the dialog says it is busy. */
  busy?: boolean;
  /** Where focus starts (the first field, or the safe answer). */
  initialFocus?: () => HTMLElement | null;
  onClose: () => void;
  /** Rounded width of the panel. */
  width?: string;
  /** Fields and buttons (a description of its own may use Dialog.Description). */
  children: ReactNode;
};

/**
 * The frame of every modal dialog: an Ark dialog that traps focus, returns it to where it was when
 * it closes, and cannot be closed while its request runs. An alert dialog (`alert`) needs an
 * answer: a click outside does nothing.
 */
export function DialogFrame({ open, title, description, alert = false, busy = false, initialFocus, onClose, width = '28rem', children }: DialogFrameProps) {
  return (
    <Dialog.Root
      open={open}
      role={alert ? 'alertdialog' : 'dialog'}
      closeOnInteractOutside={!alert && !busy}
      closeOnEscape={!busy}
      initialFocusEl={initialFocus}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
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
              p: { base: '5', md: '6' },
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'lg',
              outline: 'none',
            })}
          >
            <Dialog.Title className={css({ textStyle: 'heading', fontSize: 'xl', lineHeight: '1.2', overflowWrap: 'anywhere' })}>{title}</Dialog.Title>
            {description && <Dialog.Description className={css({ color: 'fg.muted' })}>{description}</Dialog.Description>}
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
