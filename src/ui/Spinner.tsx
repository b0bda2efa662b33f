import { css } from '../../styled-system/css';

/**
 * A spinner with its text next to it (the text is what screen readers hear). Inside a live region
 * of its own (`announce={false}`) it leaves the announcing to that region.
 */
export function Spinner({ label, announce = true }: { label: string; announce?: boolean }) {
  return (
    <div role={announce ? 'status' : undefined} className={css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted', py: '6' })}>
      <span
        aria-hidden="true"
        className={css({
          w: '5',
          h: '5',
          borderRadius: 'full',
          borderWidth: '3px',
          borderColor: 'border.strong',
          borderTopColor: 'accent',
          animation: 'spin 0.8s linear infinite',
        })}
      />
      <span>{label}</span>
    </div>
  );
}
