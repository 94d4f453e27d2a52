import type { WireEntry } from '../../../../contracts/news/api.ts';
import { answerAddress } from '../../../../contracts/news/links.ts';
import { formatDate, fromNow } from '../../lib/format/index.ts';
import { CreatePostButton } from '../composer/CreatePostButton.tsx';

const SOURCE_LABEL: Record<WireEntry['source'], string> = { announcement: 'Announcement', news: 'News', article: 'Article' };

/**
 * One line of the newswire: where it is from, when, its headline (a link out, or in the app), its
 * first words, and for those who may post, a reaction or statement answering it. An outside item
 * without a link has no address to answer.
 */
export function WireEntryCard({ entry }: { entry: WireEntry }) {
  const outside = entry.link !== null && /^https?:/.test(entry.link);
  const answerable = entry.source === 'article' || entry.link !== null;
  return (
    <article className={`wire-entry wire-entry--${entry.source}`} aria-labelledby={`wire-${entry.key}`}>
      <p className="wire-entry__meta">
        <span className="wire-entry__source">{SOURCE_LABEL[entry.source]}</span>
        <span className="wire-entry__outlet">{entry.outlet}</span>
        {entry.country && <span>{entry.country}</span>}
        <time dateTime={entry.publishedAt} title={formatDate(entry.publishedAt, 'dateTime')}>
          {fromNow(entry.publishedAt)}
        </time>
      </p>
      <h2 className="wire-entry__title" id={`wire-${entry.key}`}>
        {entry.link ? (
          <a href={entry.link} {...(outside ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {entry.title}
          </a>
        ) : (
          entry.title
        )}
      </h2>
      {entry.summary && <p className="wire-entry__summary">{entry.summary}</p>}
      {entry.beats.length > 0 && (
        <ul className="wire-entry__beats" aria-label="Beats">
          {entry.beats.map((beat) => (
            <li key={beat}>{beat}</li>
          ))}
        </ul>
      )}
      {answerable && (
        <div className="wire-entry__actions">
          <CreatePostButton answering={{ url: answerAddress(entry, window.location.origin), title: entry.title }} />
        </div>
      )}
    </article>
  );
}
