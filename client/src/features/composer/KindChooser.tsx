import type { ReactNode } from 'react';
import { KIND_LABELS, type PostKind } from '../../../../contracts/posts/kinds.ts';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { isAdmin } from '../session/currentUser.ts';

const path = (d: string) => <path d={d} />;

const ICONS: Record<PostKind, ReactNode> = {
  communityPost: path('M4 5h16v11H8l-4 4V5zM8 9h8M8 12h5'),
  callout: path('M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1zM15 9a4 4 0 0 1 0 6M18 6a8 8 0 0 1 0 12'),
  job: path('M4 8h16v11H4zM9 8V5h6v3M4 13h16'),
  event: path('M4 6h16v14H4zM4 10h16M8 3v5M16 3v5'),
  record: path('M3 7h12v10H3zM15 10l6-3v10l-6-3'),
  reaction: path('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8.5 14.5s1.2 1.5 3.5 1.5 3.5-1.5 3.5-1.5M9 9.5h.01M15 9.5h.01'),
  statement: path('M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7'),
  story: path('M4 4h12v16H6a2 2 0 0 1-2-2V4zM16 8h4v10a2 2 0 0 1-2 2M8 8h4M8 12h4M8 16h4'),
};

const DESCRIPTIONS: Record<PostKind, string> = {
  communityPost: 'Share an update, a question or photos',
  callout: 'Ask for sources, experts or comment, with a deadline or ASAP',
  job: 'Advertise a role in media or communications',
  event: 'Invite people to an online or in-person event',
  record: 'Post a short video update',
  reaction: 'React on video to a story or a link',
  statement: 'Publish an official statement on video',
  story: 'Write an editorial article: Media news, Epitome or Marcoms News',
};

/** The kinds a person may create: stories are written by platform admins only. */
export function creatableKinds(user: CurrentUser): PostKind[] {
  const kinds: PostKind[] = ['communityPost', 'callout', 'job', 'event', 'record', 'reaction', 'statement'];
  return isAdmin(user) ? [...kinds, 'story'] : kinds;
}

function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function KindIcon({ kind }: { kind: PostKind }) {
  return <Glyph>{ICONS[kind]}</Glyph>;
}

const INTERVIEW_ICON = path('M12 3a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM6 11a6 6 0 0 0 12 0M12 17v4M8 21h8');

function Choice({ modifier, icon, label, description, onClick }: { modifier: string; icon: ReactNode; label: string; description: string; onClick: () => void }) {
  return (
    <li>
      <button type="button" className={`kind-chooser__item kind-chooser__item--${modifier}`} onClick={onClick}>
        <span className="kind-chooser__icon">{icon}</span>
        <span className="kind-chooser__text">
          <span className="kind-chooser__label">{label}</span>
          <span className="kind-chooser__description">{description}</span>
        </span>
      </button>
    </li>
  );
}

type KindChooserProps = {
  user: CurrentUser;
  onChoose: (kind: PostKind) => void;
  /** Given to those who may ask: an interview is not a post, but it is begun from the same place. */
  onInterview?: (() => void) | undefined;
  /** Only these of the kinds the person may create (answering a news item: a reaction or a statement). */
  only?: readonly PostKind[] | undefined;
};

/** What to publish: one card per kind, and an interview for those who ask questions. */
export function KindChooser({ user, onChoose, onInterview, only }: KindChooserProps) {
  return (
    <ul className="kind-chooser" aria-label="What do you want to publish?">
      {creatableKinds(user)
        .filter((kind) => !only || only.includes(kind))
        .map((kind) => (
          <Choice key={kind} modifier={kind} icon={<KindIcon kind={kind} />} label={KIND_LABELS[kind]} description={DESCRIPTIONS[kind]} onClick={() => onChoose(kind)} />
        ))}
      {onInterview && (
        <Choice
          modifier="interview"
          icon={<Glyph>{INTERVIEW_ICON}</Glyph>}
          label="Interview"
          description="Ask questions answered on video or in writing, by experts or anyone you send a link to"
          onClick={onInterview}
        />
      )}
    </ul>
  );
}
