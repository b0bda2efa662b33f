import type { ReactNode, RefObject } from 'react';
import { DialogFrame } from './DialogFrame';

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
 * A dialog that asks before something that cannot be taken back: an alert dialog (DialogFrame)
 * whose focus starts on the safe button; Escape cancels unless busy, a click outside does nothing
 * (the question needs an answer).
 */
export function AlertDialogFrame({ open, title, initialFocus, busy = false, onCancel, width, children }: AlertDialogFrameProps) {
  return (
    <DialogFrame open={open} title={title} alert busy={busy} initialFocus={() => initialFocus.current} onClose={onCancel} width={width}>
      {children}
    </DialogFrame>
  );
}
