import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { DirectoryRow } from '../../../../contracts/contacts/api.ts';
import { BeatList } from '../profiles/Beats.tsx';
import { COLUMNS, type ColumnKey } from './columns.ts';
import { ContactName, DoNotContactTag } from './parts.tsx';

export const ROW_PX = 64;
/** Rows kept rendered beyond the visible ones, above and below. */
const OVERSCAN = 8;

/** One key per row: a contact by its id, a platform journalist without a record by their user id. */
export const rowKey = (row: DirectoryRow) => (row.id !== null ? `c${row.id}` : `u${row.userId}`);

type ContactTableProps = {
  /** Every match: the scroll is sized for all of them at once. */
  count: number;
  /** The row at an index, once its page has been read. */
  rowAt: (index: number) => DirectoryRow | undefined;
  columns: readonly ColumnKey[];
  /** Rows picked one by one, by key. */
  selected: ReadonlySet<string>;
  /** Every match is selected (the header's "select all"), read or not. */
  everyone: boolean;
  onSelect: (rows: readonly DirectoryRow[], on: boolean) => void;
  onSelectAll: (on: boolean) => void;
  /** The rows in view (with the overscan) changed: their pages are read. */
  onRange: (first: number, last: number) => void;
};

function Cell({ row, column }: { row: DirectoryRow; column: ColumnKey }) {
  switch (column) {
    case 'jobTitle':
      return <>{row.jobTitle}</>;
    case 'outlets':
      return <>{row.outlets.join(', ')}</>;
    case 'beats':
      return <BeatList beats={row.beats} label={`Beats of ${row.name}`} />;
    case 'emails':
      return row.emails[0] ? <span className="contact-table__email">{row.emails[0]}</span> : null;
    case 'country':
      return <>{row.country?.name}</>;
    case 'tags':
      return (
        <span className="contact-table__tags">
          {row.tags.map((tag) => (
            <span key={tag} className="contact-tag">
              {tag}
            </span>
          ))}
        </span>
      );
  }
}

/**
 * The directory as an ARIA table whose rows are virtualised inside their own scroll area: only
 * the rows in view (and a few around) are in the page, so 100,000 contacts scroll like 50.
 */
export function ContactTable({ count, rowAt, columns, selected, everyone, onSelect, onSelectAll, onRange }: ContactTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: OVERSCAN });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => onRange(first, last), [first, last, onRange]);

  const someSelected = !everyone && selected.size > 0;
  const template = `44px minmax(180px, 1.6fr) ${columns.map((column) => (column === 'beats' || column === 'tags' ? 'minmax(180px, 1.3fr)' : 'minmax(120px, 1fr)')).join(' ')}`;

  return (
    <div className="contact-table" role="table" aria-label="Contacts" aria-rowcount={count + 1} style={{ ['--contact-columns' as string]: template }}>
      <div role="rowgroup" className="contact-table__head">
        <div role="row" aria-rowindex={1} className="contact-table__row">
          <div role="columnheader" className="contact-table__check">
            <input
              type="checkbox"
              aria-label={everyone ? 'Clear the selection' : `Select all ${count.toLocaleString('en')} contacts`}
              checked={everyone}
              ref={(box) => {
                if (box) box.indeterminate = someSelected;
              }}
              onChange={(event) => onSelectAll(event.target.checked)}
            />
          </div>
          <div role="columnheader">Name</div>
          {columns.map((column) => (
            <div key={column} role="columnheader" className={`contact-table__col contact-table__col--${column}`}>
              {COLUMNS.find((known) => known.key === column)!.label}
            </div>
          ))}
        </div>
      </div>
      <div ref={scroller} className="contact-table__scroll">
        <div role="rowgroup" className="contact-table__body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rowAt(item.index);
            const style = { transform: `translateY(${item.start}px)`, height: ROW_PX };
            if (!row) {
              return (
                <div key={item.key} role="row" aria-rowindex={item.index + 2} className="contact-table__row contact-table__row--loading" style={style}>
                  <div role="cell" className="contact-table__placeholder">
                    <span className="visually-hidden">Loading</span>
                  </div>
                </div>
              );
            }
            const key = rowKey(row);
            const on = everyone || selected.has(key);
            return (
              <div key={key} role="row" aria-rowindex={item.index + 2} className={`contact-table__row${on ? ' contact-table__row--on' : ''}`} style={style}>
                <div role="cell" className="contact-table__check">
                  {/* Everyone is chosen by the filters, not row by row: one is left out by narrowing them. */}
                  <input type="checkbox" aria-label={`Select ${row.name}`} checked={on} disabled={everyone} onChange={(event) => onSelect([row], event.target.checked)} />
                </div>
                <div role="cell" className="contact-table__name">
                  <ContactName row={row} />
                  <span className="contact-table__sub">
                    <span className="contact-table__sub-text">{[row.jobTitle, row.outlets[0]].filter(Boolean).join(' · ')}</span>
                    {row.id === null && <span className="contact-tag contact-tag--platform">On Pressroom</span>}
                    {row.doNotContact && <DoNotContactTag />}
                  </span>
                </div>
                {columns.map((column) => (
                  <div key={column} role="cell" className={`contact-table__col contact-table__col--${column}`}>
                    <Cell row={row} column={column} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
