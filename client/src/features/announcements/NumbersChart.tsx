import type { NumbersView } from '../../../../contracts/announcements/distribution.ts';
import { formatDate } from '../../lib/format/index.ts';

const SERIES = [
  { key: 'clicks', label: 'Clicks', className: 'numbers-chart__bar--clicks' },
  { key: 'opens', label: 'Opens', className: 'numbers-chart__bar--opens' },
  { key: 'views', label: 'Web views', className: 'numbers-chart__bar--views' },
] as const;

/** Clicks, opens and web views by hour as grouped bars; the same figures are in a table for screen readers. */
export function NumbersChart({ series, timezone }: { series: NumbersView['series']; timezone: string }) {
  if (series.length === 0) return <p className="hub-panel__note">Nothing to chart yet: opens, clicks and views appear here by the hour.</p>;
  const top = Math.max(1, ...series.flatMap((hour) => [hour.clicks, hour.opens, hour.views]));
  const group = 3 * 10 + 8;
  const width = series.length * group;
  return (
    <figure className="numbers-chart">
      <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="numbers-chart__svg" aria-hidden="true">
        {series.map((hour, index) =>
          SERIES.map((line, offset) => {
            const height = (hour[line.key] / top) * 96;
            return <rect key={`${hour.at}-${line.key}`} className={line.className} x={index * group + offset * 10} y={100 - height} width={9} height={height} />;
          }),
        )}
      </svg>
      <figcaption className="numbers-chart__legend">
        {SERIES.map((line) => (
          <span key={line.key} className="numbers-chart__key">
            <span className={`numbers-chart__swatch ${line.className}`} aria-hidden="true" />
            {line.label}
          </span>
        ))}
      </figcaption>
      <table className="visually-hidden">
        <caption>Clicks, opens and web views by hour</caption>
        <thead>
          <tr>
            <th scope="col">Hour</th>
            {SERIES.map((line) => (
              <th key={line.key} scope="col">
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.map((hour) => (
            <tr key={hour.at}>
              <th scope="row">{formatDate(hour.at, 'dateTime', timezone)}</th>
              {SERIES.map((line) => (
                <td key={line.key}>{hour[line.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
