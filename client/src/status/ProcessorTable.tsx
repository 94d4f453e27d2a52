import type { ReactNode } from 'react';
import type { ProcessorHealth } from '../../../contracts/health.ts';
import { formatCount, formatSeconds, processorStateLabels } from './format.ts';

// One list of headings for the table head and for the labels a phone shows inside each cell.
const columns = {
  name: 'Name',
  version: 'Version',
  state: 'State',
  paused: 'Paused',
  position: 'Position',
  lagEvents: 'Lag (events)',
  lagSeconds: 'Lag (seconds)',
  error: 'Error',
} as const;

const numericColumns = new Set<keyof typeof columns>(['version', 'position', 'lagEvents', 'lagSeconds']);

export function ProcessorTable({ processors }: { processors: ProcessorHealth[] }) {
  if (processors.length === 0) {
    return <p className="muted">No processors are registered.</p>;
  }
  return (
    // Focusable so a keyboard user can scroll the table sideways when it is wider than the screen.
    <div className="table-scroll" role="region" aria-label="Processors" tabIndex={0}>
      <table className="processors">
        <caption>Processors</caption>
        <thead>
          <tr>
            {Object.entries(columns).map(([key, heading]) => (
              <th key={key} scope="col" className={numericColumns.has(key as keyof typeof columns) ? 'numeric' : undefined}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {processors.map((processor) => (
            <ProcessorRow key={`${processor.name}@${processor.version}`} processor={processor} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProcessorRow({ processor }: { processor: ProcessorHealth }) {
  return (
    <tr>
      <th scope="row" className="processors__name">
        {processor.name}
      </th>
      <Cell column="version">{processor.version}</Cell>
      <Cell column="state">
        <span className={`state state--${processor.state}`}>{processorStateLabels[processor.state]}</span>
      </Cell>
      <Cell column="paused">{processor.paused ? <strong className="text-bad">Yes</strong> : 'No'}</Cell>
      <Cell column="position">{formatCount(processor.position)}</Cell>
      <Cell column="lagEvents">{formatCount(processor.lagEvents)}</Cell>
      <Cell column="lagSeconds">{formatSeconds(processor.lagSeconds)}</Cell>
      <Cell column="error">
        {processor.error === null ? (
          <span className="muted">None</span>
        ) : (
          <>
            <span className="text-bad">{processor.error}</span>
            {processor.errorPosition !== null && (
              <span className="muted"> at position {formatCount(processor.errorPosition)}</span>
            )}
          </>
        )}
      </Cell>
    </tr>
  );
}

function Cell({ column, children }: { column: Exclude<keyof typeof columns, 'name'>; children: ReactNode }) {
  const classes = [`processors__${column}`, numericColumns.has(column) ? 'numeric' : ''].filter(Boolean).join(' ');
  return (
    <td className={classes}>
      {/* Screen readers already announce the column heading, so the visible label is hidden from them. */}
      <span className="cell-label" aria-hidden="true">
        {columns[column]}
      </span>
      {children}
    </td>
  );
}
