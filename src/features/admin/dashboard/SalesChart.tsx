import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { SalesPanel } from '../../../../domain/adminDashboard';
import { css } from '../../../../styled-system/css';
import { cell, headCell } from '../shared/adminTable';
import { useDashboardFormat } from './formatting';

export type SalesChartProps = { sales: SalesPanel; summary: string };

const W = 600;
const H = 200;
const PAD_TOP = 8;
const PAD_BOTTOM = 22;

/**
 * Revenue per day as an SVG drawn here (no chart library, ADR 0036): a bar per day of the period,
 * the period before as a dashed line over the same days. It scales to its box (no sideways scroll at
 * 390 px). The picture is for the eye: screen readers get the one-line summary as its name, and
 * everyone can open the same figures as a table.
 */
export function SalesChart({ sales, summary }: SalesChartProps) {
  const { t } = useLingui();
  const f = useDashboardFormat();
  const titleId = useId();
  const current = sales.current.series;
  const previous = sales.previous.series;
  const max = Math.max(1, ...current.map((d) => d.revenue), ...previous.map((d) => d.revenue));
  const plot = H - PAD_TOP - PAD_BOTTOM;
  const step = W / Math.max(1, current.length);
  const barW = Math.max(1, step * 0.7);
  const y = (revenue: number) => PAD_TOP + plot - (revenue / max) * plot;
  const line = previous.map((d, i) => `${(i * step + step / 2).toFixed(1)},${y(d.revenue).toFixed(1)}`).join(' ');
  const first = current[0]?.day;
  const last = current.at(-1)?.day;
  return (
    <figure className={css({ display: 'grid', gap: '2', m: '0', minW: '0' })}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={titleId} className={css({ w: 'full', h: 'auto', display: 'block' })} preserveAspectRatio="none">
        <title id={titleId}>{summary}</title>
        <line x1="0" x2={W} y1={PAD_TOP + plot} y2={PAD_TOP + plot} className={css({ stroke: 'border.strong' })} strokeWidth="1" />
        <line x1="0" x2={W} y1={PAD_TOP} y2={PAD_TOP} className={css({ stroke: 'border' })} strokeWidth="1" strokeDasharray="2 4" />
        {current.map((d, i) => (
          <rect
            key={d.day}
            data-day={d.day}
            x={i * step + (step - barW) / 2}
            y={y(d.revenue)}
            width={barW}
            height={Math.max(0, PAD_TOP + plot - y(d.revenue))}
            className={css({ fill: 'accent' })}
          />
        ))}
        {previous.length > 1 && <polyline points={line} fill="none" className={css({ stroke: 'fg.muted' })} strokeWidth="2" strokeDasharray="6 4" />}
      </svg>
      <div aria-hidden="true" className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'xs', color: 'fg.muted', gap: '2' })}>
        <span>{first && f.day(first)}</span>
        <span>{t`Highest: ${f.money(max, sales.currency)}`}</span>
        <span>{last && f.day(last)}</span>
      </div>
      <figcaption className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', fontSize: 'sm', color: 'fg.muted' })}>
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
          <span aria-hidden="true" className={css({ display: 'inline-block', w: '3', h: '3', bg: 'accent', borderRadius: 'sm' })} />
          {t`This period`}
        </span>
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
          <span aria-hidden="true" className={css({ display: 'inline-block', w: '4', borderTopWidth: '2px', borderStyle: 'dashed', borderColor: 'fg.muted' })} />
          {t`Period before`}
        </span>
      </figcaption>
      <details>
        <summary className={css({ cursor: 'pointer', fontWeight: 'semibold', minH: '11', display: 'flex', alignItems: 'center' })}>{t`Show as table`}</summary>
        <div>
          <table className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })}>
            <caption className={css({ srOnly: true })}>{t`Revenue and orders per day`}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${cell} ${headCell}`}>{t`Day`}</th>
                <th scope="col" className={`${cell} ${headCell}`}>{t`Revenue`}</th>
                <th scope="col" className={`${cell} ${headCell}`}>{t`Orders`}</th>
                <th scope="col" className={`${cell} ${headCell}`}>{t`Period before`}</th>
              </tr>
            </thead>
            <tbody>
              {current.map((d, i) => (
                <tr key={d.day}>
                  <th scope="row" className={cell}>
                    <time dateTime={d.day}>{f.day(d.day)}</time>
                  </th>
                  <td className={cell}>{f.money(d.revenue, sales.currency)}</td>
                  <td className={cell}>{f.number(d.orders)}</td>
                  <td className={cell}>{previous[i] ? f.money(previous[i].revenue, sales.currency) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
