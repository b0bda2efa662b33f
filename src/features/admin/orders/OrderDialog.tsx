import { DialogFrame, type DialogFrameProps } from '../../../ui/DialogFrame';

export type OrderDialogProps = Omit<DialogFrameProps, 'width'> & { busy: boolean };

/** The frame of the order page's dialogs (ship, refund, cancel and refund): the shop's DialogFrame, wide enough for a refund's lines. */
export function OrderDialog(props: OrderDialogProps) {
  return <DialogFrame width="36rem" {...props} />;
}
