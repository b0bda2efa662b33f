import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { CloseIcon } from './icons';

export type DrawerPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** Accessible name of the close button (translated by the caller). */
  closeLabel: string;
  children: ReactNode;
  /** Pinned under the scrolling body (totals, actions). */
  footer?: ReactNode;
};

/**
 * The Ark dialog behind `Drawer` (./Drawer.tsx), in its own chunk so pages load it only when a
 * drawer first opens. Focus is trapped inside, Esc and the backdrop close it, and focus returns to
 * where it was when it opened.
 */
export default function DrawerPanel({ open, onOpenChange, title, closeLabel, children, footer }: DrawerPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={css({ position: 'fixed', inset: 0, bg: 'rgba(0,0,0,0.7)', zIndex: 70 })} />
        <Dialog.Positioner className={css({ position: 'fixed', inset: 0, zIndex: 71, display: 'flex', justifyContent: 'flex-end' })}>
          <Dialog.Content
            className={css({
              bg: 'bg',
              color: 'fg',
              w: { base: '100vw', sm: 'min(28rem, 100vw)' },
              h: '100dvh',
              display: 'flex',
              flexDirection: 'column',
              borderLeftWidth: '1px',
              borderColor: 'border',
              outline: 'none',
            })}
          >
            <div
              className={css({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '3',
                px: '5',
                py: '4',
                borderBottomWidth: '1px',
                borderColor: 'border',
              })}
            >
              <Dialog.Title className={css({ textStyle: 'heading', fontSize: 'xl', lineHeight: '1.2' })}>{title}</Dialog.Title>
              <Dialog.CloseTrigger className={button({ variant: 'ghost', size: 'icon' })} aria-label={closeLabel}>
                <CloseIcon />
              </Dialog.CloseTrigger>
            </div>
            <div className={css({ flex: '1', overflowY: 'auto', px: '5', py: '4' })}>{children}</div>
            {footer && <div className={css({ borderTopWidth: '1px', borderColor: 'border', px: '5', py: '4', bg: 'surface' })}>{footer}</div>}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
