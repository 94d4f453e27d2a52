import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Author } from '../../../../contracts/posts/views.ts';
import { DEFAULT_TIMEZONE, formatDate, fromNow } from '../../lib/format/index.ts';
import { Avatar } from '../composer/Avatar.tsx';
// The avatar's look lives with the composer that introduced it.
import '../composer/composer.css';

/** A person's profile or a company's page. */
export function AuthorLink({ author, children }: { author: Author; children: ReactNode }) {
  if (!author.slug) return <span>{children}</span>;
  return author.type === 'company' ? (
    <Link to="/c/$slug" params={{ slug: author.slug }} className="author-link">
      {children}
    </Link>
  ) : (
    <Link to="/u/$slug" params={{ slug: author.slug }} className="author-link">
      {children}
    </Link>
  );
}

/** Spec section 9: publication dates shown as relative times; the exact time on hover. */
export function RelativeTime({ value, timezone = DEFAULT_TIMEZONE, className }: { value: string; timezone?: string | undefined; className?: string }) {
  return (
    <time className={className} dateTime={value} title={formatDate(value, 'dateTime', timezone)}>
      {fromNow(value)}
    </time>
  );
}

type AuthorLineProps = { author: Author; time: string; label?: string | undefined; timezone?: string | undefined; size?: 'sm' | 'md'; after?: ReactNode };

/** Who wrote it (a person or a company), what it is, and how long ago. */
export function AuthorLine({ author, time, label, timezone, size = 'md', after }: AuthorLineProps) {
  return (
    <div className={`author-line author-line--${size}`}>
      <Avatar name={author.name} src={author.avatar} size={size === 'sm' ? 'sm' : 'md'} square={author.type === 'company'} />
      <div className="author-line__text">
        <AuthorLink author={author}>
          <span className="author-line__name">{author.name}</span>
        </AuthorLink>
        <span className="author-line__meta">
          {label && <span className="kind-label">{label}</span>}
          {label && <span aria-hidden="true"> · </span>}
          <RelativeTime value={time} timezone={timezone} />
          {after}
        </span>
      </div>
    </div>
  );
}
