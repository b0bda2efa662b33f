import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type PointerEvent, type Ref } from 'react';
import { css, cx } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import type { Toast, ToastVariant } from '../../../machines/toastMachine';
import { CloseIcon } from '../../ui/icons';

/** SPEC §9: a swipe to the right of at least this many pixels dismisses a toast. */
export const SWIPE_THRESHOLD = 50;

export type ToasterViewProps = {
  /** Toasts kept by the queue; closed ones are not shown. */
  toasts: Toast[];
  onDismiss: (id: string) => void;
  /** The notification region, so the F8 hotkey can focus it. */
  regionRef?: Ref<HTMLElement>;
};

const variantStyle: Record<ToastVariant, string> = {
  default: css({ bg: 'surface.raised', color: 'fg', borderColor: 'border.strong' }),
  destructive: css({ bg: 'danger', color: 'danger.fg', borderColor: 'danger' }),
  success: css({ bg: 'success', color: 'success.fg', borderColor: 'success' }),
  info: css({ bg: 'info', color: 'info.fg', borderColor: 'info' }),
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const { t } = useLingui();
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    start.current = e.clientX;
    setDragging(true);
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const distance = e.clientX - start.current;
    start.current = null;
    setDragging(false);
    if (distance >= SWIPE_THRESHOLD) onDismiss(toast.id);
    else setOffset(0);
  };
  const cancelSwipe = () => {
    start.current = null;
    setDragging(false);
    setOffset(0);
  };
  return (
    <div
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      data-variant={toast.variant}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={cancelSwipe}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, transition: dragging ? 'none' : 'transform 0.2s' }}
      className={cx(
        css({
          pointerEvents: 'auto',
          touchAction: 'pan-y',
          userSelect: 'none',
          display: 'flex',
          alignItems: 'flex-start',
          gap: '3',
          p: '4',
          borderWidth: '2px',
          borderRadius: 'lg',
          boxShadow: '0 10px 30px rgba(0,0,0,0.5)',
        }),
        variantStyle[toast.variant],
      )}
    >
      <div className={css({ flex: '1', minW: 0, display: 'grid', gap: '1' })}>
        <p className={css({ fontWeight: 'bold' })}>{toast.title}</p>
        {toast.description && <p className={css({ fontSize: 'sm' })}>{toast.description}</p>}
      </div>
      <button
        type="button"
        aria-label={t`Close`}
        onClick={() => onDismiss(toast.id)}
        className={cx(button({ variant: 'ghost', size: 'icon' }), css({ color: 'inherit', minW: '9', minH: '9', mt: '-2', mr: '-2', _hover: { bg: 'rgba(0,0,0,0.15)' } }))}
      >
        <CloseIcon width={18} height={18} />
      </button>
    </div>
  );
}

/**
 * SPEC §4/§9 notifications: bottom right (full width along the bottom on phones); each toast can
 * be closed with its button or swiped away to the right. The region itself is always present so
 * F8 has something to focus and screen readers know the live toasts' place.
 */
export function ToasterView({ toasts, onDismiss, regionRef }: ToasterViewProps) {
  const { t } = useLingui();
  return (
    <section
      ref={regionRef}
      aria-label={t`Notifications (F8)`}
      tabIndex={-1}
      className={css({
        position: 'fixed',
        zIndex: 100,
        bottom: 0,
        right: 0,
        left: { base: 0, sm: 'auto' },
        w: { base: 'full', sm: '26rem' },
        p: { base: '3', sm: '5' },
        pointerEvents: 'none',
        outline: 'none',
        _focusVisible: { outline: '3px solid token(colors.focus)', outlineOffset: '-3px' },
      })}
    >
      <div className={css({ listStyle: 'none', display: 'grid', gap: '3' })}>
        {toasts
          .filter((toast) => toast.open)
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
      </div>
    </section>
  );
}
