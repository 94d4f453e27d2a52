import { Link } from '@tanstack/react-router';
import type { MediaItem } from '../../../../contracts/posts/media.ts';
import { JOB_TYPE_LABELS, WORKPLACE_LABELS } from '../../../../contracts/posts/kinds.ts';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { SafeImage } from '../../ui/Image.tsx';
import { BriefcaseIcon, CalendarIcon, ClockIcon, LinkIcon, PinIcon } from './icons.tsx';
import { RichText } from './RichText.tsx';
import { LazyAttachedVideo, LazyVideoPlayer } from '../video/LazyVideoPlayer.tsx';
import './posts.css';

type Of<K extends PostView['type']> = Extract<PostView, { type: K }>;
type BodyProps<K extends PostView['type']> = { post: Of<K>; compact: boolean; timezone: string };

/** The title a post is known by (cards, the modal's heading, the video's label). */
export function titleOf(post: PostView): string {
  switch (post.type) {
    case 'callout':
    case 'job':
    case 'story':
      return post.title;
    case 'event':
      return post.name;
    default:
      return post.typeLabel;
  }
}

function Fact({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="post-facts__item">
      <span className="post-facts__icon">{icon}</span>
      <span>{children}</span>
    </li>
  );
}

function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="post-link">
      <LinkIcon width="16" height="16" />
      <span>{children}</span>
    </a>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function Callout({ post, compact, timezone }: BodyProps<'callout'>) {
  return (
    <>
      <h3 className="post-title">{post.title}</h3>
      <ul className="post-facts">
        <Fact icon={<ClockIcon width="16" height="16" />}>
          {post.isAsap || !post.deadlineAt ? (
            <>
              Deadline: <strong>ASAP</strong>
            </>
          ) : (
            <>
              Deadline: <strong>{formatDate(post.deadlineAt, 'dateTime', timezone)}</strong>
            </>
          )}
        </Fact>
      </ul>
      <RichText html={post.content} clamp={compact} />
      {post.interview && !compact && (
        <Link to="/callouts/async/text/$id" params={{ id: String(post.interview.id) }} className="post-cta">
          Answer the interview questions
        </Link>
      )}
    </>
  );
}

function EventBody({ post, compact }: BodyProps<'event'>) {
  const zone = post.timezone ?? post.timeZone ?? DEFAULT_TIMEZONE;
  const when = (value: string) => formatDate(value, 'longDateTime', zone);
  return (
    <>
      {post.img && !compact && <SafeImage className="post-image" src={post.img} alt="" />}
      <h3 className="post-title">{post.name}</h3>
      <ul className="post-facts">
        <Fact icon={<CalendarIcon width="16" height="16" />}>
          {post.start ? (
            <>
              {when(post.start)}
              {post.end && <> – {when(post.end)}</>} <span className="post-facts__muted">({zone})</span>
            </>
          ) : (
            'Date to be announced'
          )}
        </Fact>
        <Fact icon={<PinIcon width="16" height="16" />}>
          {post.eventType === 'online' ? 'Online event' : [post.venue, post.address].filter(Boolean).join(', ') || 'In person'}
        </Fact>
      </ul>
      <RichText html={post.description} clamp={compact} />
      {post.link && !compact && <ExternalLink href={post.link}>{post.eventType === 'online' ? 'Join online' : 'Event page'}</ExternalLink>}
    </>
  );
}

function Job({ post, compact }: BodyProps<'job'>) {
  return (
    <>
      <h3 className="post-title">{post.title}</h3>
      <ul className="post-facts">
        <Fact icon={<BriefcaseIcon width="16" height="16" />}>{[post.company, post.location].filter(Boolean).join(' · ')}</Fact>
      </ul>
      <div className="post-chips">
        <span className="chip">{JOB_TYPE_LABELS[post.jobType]}</span>
        <span className="chip">{WORKPLACE_LABELS[post.workplace]}</span>
      </div>
      <RichText html={post.description} clamp={compact} />
      {post.url && !compact && <ExternalLink href={post.url}>Apply on {hostOf(post.url)}</ExternalLink>}
    </>
  );
}

export function Attachments({ items, compact }: { items: MediaItem[]; compact?: boolean }) {
  if (items.length === 0) return null;
  const shown = compact ? items.slice(0, 4) : items;
  return (
    <div className={`attachments attachments--${Math.min(shown.length, 4)}`}>
      {shown.map((item) =>
        item.type === 'image' ? (
          <SafeImage key={item.id} className="attachments__image" src={item.path} alt="Attached image" loading="lazy" />
        ) : (
          <LazyAttachedVideo key={item.id} item={item} className="attachments__video" />
        ),
      )}
    </div>
  );
}

function CommunityPost({ post, compact }: BodyProps<'communityPost'>) {
  return (
    <>
      <RichText html={post.content} clamp={compact} />
      <Attachments items={post.attachments} compact={compact} />
    </>
  );
}

function VideoPost({ post, compact }: BodyProps<'record' | 'reaction' | 'statement'>) {
  const url = 'url' in post ? post.url : null;
  return (
    <>
      <RichText html={post.content} clamp={compact} />
      {post.video && <LazyVideoPlayer video={post.video} title={post.typeLabel} />}
      {url && <ExternalLink href={url}>{hostOf(url)}</ExternalLink>}
    </>
  );
}

function Story({ post, compact }: BodyProps<'story'>) {
  return (
    <>
      {post.image && <SafeImage className="post-image" src={post.image} alt="" />}
      <span className="post-eyebrow">{post.articleKindLabel}</span>
      <h3 className="post-title">{post.title}</h3>
      {post.summary && <p className="post-summary">{post.summary}</p>}
      {!compact && <RichText html={post.content} />}
      {!compact && post.video && <LazyVideoPlayer video={post.video} title={post.title} />}
    </>
  );
}

/** A post's own content by kind; `compact` is the card in a list, the full post otherwise. */
export function PostBody({ post, compact = false, timezone = DEFAULT_TIMEZONE }: { post: PostView; compact?: boolean; timezone?: string }) {
  switch (post.type) {
    case 'callout':
      return <Callout post={post} compact={compact} timezone={timezone} />;
    case 'event':
      return <EventBody post={post} compact={compact} timezone={timezone} />;
    case 'job':
      return <Job post={post} compact={compact} timezone={timezone} />;
    case 'communityPost':
      return <CommunityPost post={post} compact={compact} timezone={timezone} />;
    case 'record':
    case 'reaction':
    case 'statement':
      return <VideoPost post={post} compact={compact} timezone={timezone} />;
    case 'story':
      return <Story post={post} compact={compact} timezone={timezone} />;
  }
}
