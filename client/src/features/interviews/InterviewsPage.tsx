import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { InterviewListName, InterviewView } from '../../../../contracts/interviews/api.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { Button, EmptyState, PageHeader, Spinner } from '../../ui/index.ts';
import { Avatar } from '../composer/Avatar.tsx';
import { useRouteMeta } from '../layout/useRouteMeta.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { VideoPlayer } from '../video/VideoPlayer.tsx';
import { CreateInterviewModal } from './CreateInterviewModal.tsx';
import { mayCreateInterview } from './mayCreate.ts';
import { AnsweringLink, answersLine, deadlineLine, questionsLine, StatusTag } from './parts.tsx';
import { useInterviewCounts, useInterviewList, useSavedAnswers, useUnsave, type SavedPage } from './queries.ts';
import './interviews.css';

type PageName = InterviewListName | 'saved';

/** The six lists under /interviews, in the left nav's order, with what each is and says when empty. */
const LISTS: Record<PageName, { to: string; title: string; blurb: string; empty: string; emptyLine: string }> = {
  wire: {
    to: '/interviews/wire',
    title: 'Interview Wire',
    blurb: 'Interviews open to answer, from journalists and communicators across Pressroom.',
    empty: 'No interviews open to answer',
    emptyLine: 'When someone publishes an interview for people like you, it appears here.',
  },
  my: {
    to: '/interviews/my',
    title: 'My interviews',
    blurb: 'The interviews you have created, and how many answers each has.',
    empty: 'You have not created an interview yet',
    emptyLine: 'Ask your questions once and collect answers on camera or in writing, from people on Pressroom or anyone you send a link to.',
  },
  questions: {
    to: '/interviews/questions',
    title: 'My questions',
    blurb: 'The interviews you have answered or started answering.',
    empty: 'You have not answered an interview yet',
    emptyLine: 'Interviews you answer from the Interview Wire or an invitation appear here.',
  },
  awaiting: {
    to: '/interviews/awaiting',
    title: 'Awaiting answers',
    blurb: 'Interviews you were invited to that are waiting for your answers.',
    empty: 'Nobody is waiting on your answers',
    emptyLine: 'When someone invites you to an interview, it waits here until you send your answers.',
  },
  shared: {
    to: '/interviews/shared',
    title: 'Shared interviews',
    blurb: 'Interviews colleagues have shared with you, to read the answers together.',
    empty: 'No interviews shared with you',
    emptyLine: 'A colleague of your account can share an interview with you from its page.',
  },
  saved: {
    to: '/interviews/saved',
    title: 'Saved media',
    blurb: 'Answers you have saved from your interviews.',
    empty: 'No saved media yet',
    emptyLine: 'Save a video answer on an interview’s page to keep it here.',
  },
};
const ORDER: PageName[] = ['wire', 'my', 'questions', 'awaiting', 'shared', 'saved'];
const isPageName = (name: string | undefined): name is PageName => ORDER.includes(name as PageName);

/** Loads the next batch when the end of the list scrolls into view; the button does it too, for keyboards. */
function LoadMore({ hasMore, loading, onMore, what }: { hasMore: boolean; loading: boolean; onMore: () => void; what: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="interview-list__more">
      {loading ? <Spinner label={`Loading more ${what}`} /> : <Button variant="secondary" onClick={onMore}>Load more</Button>}
    </div>
  );
}

function ListSkeleton({ what }: { what: string }) {
  return (
    <div className="interview-list__skeleton" role="status" aria-label={`Loading ${what}`}>
      {[0, 1, 2].map((index) => (
        <div key={index} className="interview-card interview-card--skeleton" aria-hidden="true">
          <div className="interview-skeleton interview-skeleton--title" />
          <div className="interview-skeleton interview-skeleton--line" />
          <div className="interview-skeleton interview-skeleton--line interview-skeleton--short" />
        </div>
      ))}
    </div>
  );
}

function InterviewCard({ interview, list, timezone }: { interview: InterviewView; list: InterviewListName; timezone: string }) {
  const own = list === 'my';
  return (
    <li className="interview-card">
      <div className="interview-card__top">
        <h2 className="interview-card__title">
          <Link to="/interviews/$id" params={{ id: String(interview.id) }} className="interview-card__link">
            {interview.title}
          </Link>
        </h2>
        <StatusTag interview={interview} />
      </div>
      {!own && (
        <p className="interview-card__author">
          <Avatar name={interview.creator.name} src={interview.creator.avatar} size="sm" />
          <span>{interview.creator.name}</span>
        </p>
      )}
      {interview.brief && <p className="interview-card__brief">{interview.brief}</p>}
      <ul className="interview-card__facts" aria-label="Details">
        <li>{questionsLine(interview.questions)}</li>
        <li>{deadlineLine(interview.deadline, timezone)}</li>
        {interview.permissions.canReadAnswers && <li className="interview-card__answers">{answersLine(interview.answersCount)}</li>}
        {own && <li>Created {formatDate(interview.createdAt, 'date', timezone)}</li>}
      </ul>
      {interview.permissions.canAnswer && interview.status === 'open' && (
        <AnsweringLink interview={interview} className="button button--secondary button--sm interview-card__answer">
          Answer
          <span className="visually-hidden"> {interview.title}</span>
        </AnsweringLink>
      )}
    </li>
  );
}

function InterviewList({ name, timezone, onCreate }: { name: InterviewListName; timezone: string; onCreate: (() => void) | null }) {
  const list = useInterviewList(name);
  useInterviewCounts();
  const interviews = list.data?.pages.flatMap((page) => page.data) ?? [];
  const { empty, emptyLine, title } = LISTS[name];
  if (list.isPending) return <ListSkeleton what="interviews" />;
  if (list.isError && interviews.length === 0) {
    return <EmptyState title="The interviews could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void list.refetch()}>Try again</Button>} />;
  }
  if (interviews.length === 0) {
    return <EmptyState title={empty} description={emptyLine} action={name === 'my' && onCreate ? <Button onClick={onCreate}>Create interview</Button> : undefined} />;
  }
  return (
    <>
      <ul className="interview-list" aria-label={title}>
        {interviews.map((interview) => (
          <InterviewCard key={interview.id} interview={interview} list={name} timezone={timezone} />
        ))}
      </ul>
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} what="interviews" />
    </>
  );
}

function SavedItem({ item, timezone }: { item: SavedPage['data'][number]; timezone: string }) {
  const unsave = useUnsave();
  const { answer } = item;
  return (
    <li className="interview-card saved-answer">
      <div className="interview-card__top">
        <h2 className="interview-card__title">
          <Link to="/interviews/$id" params={{ id: String(item.interviewId) }} className="interview-card__link">
            {item.interviewTitle}
          </Link>
        </h2>
      </div>
      <p className="saved-answer__question">{item.question}</p>
      <p className="saved-answer__who">
        {item.respondentName} · saved {formatDate(item.savedAt, 'dateTime', timezone)}
      </p>
      {answer.video ? <VideoPlayer video={answer.video} title={`${item.respondentName}: ${item.question}`} /> : answer.text && <p className="answer__text">{answer.text}</p>}
      <div className="saved-answer__actions">
        <Button variant="secondary" size="sm" loading={unsave.isPending} onClick={() => unsave.mutate({ interviewId: item.interviewId, responseId: item.responseId, questionId: answer.questionId })}>
          Remove from saved
        </Button>
      </div>
    </li>
  );
}

function SavedList({ timezone }: { timezone: string }) {
  const list = useSavedAnswers();
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  if (list.isPending) return <ListSkeleton what="saved media" />;
  if (list.isError && items.length === 0) {
    return <EmptyState title="Saved media could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void list.refetch()}>Try again</Button>} />;
  }
  if (items.length === 0) return <EmptyState title={LISTS.saved.empty} description={LISTS.saved.emptyLine} />;
  return (
    <>
      <ul className="interview-list" aria-label="Saved media">
        {items.map((item) => (
          <SavedItem key={`${item.responseId}-${item.answer.questionId}`} item={item} timezone={timezone} />
        ))}
      </ul>
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} what="saved media" />
    </>
  );
}

/**
 * The lists at /interviews/{wire, my, questions, awaiting, shared, saved}: one screen that reads
 * which from its route, with the lists' own tabs (phones have no left nav) and, for those who
 * may ask, the create-interview modal.
 */
export function InterviewsPage() {
  const meta = useRouteMeta();
  const user = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const tabs = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: the list one is on stays in view.
  useEffect(() => {
    tabs.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [meta?.name]);
  if (!isPageName(meta?.name)) return null;
  const name = meta.name;
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const canCreate = mayCreateInterview(user);
  const openCreate = canCreate ? () => setCreating(true) : null;
  return (
    <div className="interviews">
      <PageHeader title={LISTS[name].title} blurb={LISTS[name].blurb} actions={openCreate && <Button onClick={openCreate}>Create interview</Button>} />
      <nav ref={tabs} className="section-tabs" aria-label="Interview lists">
        {ORDER.map((tab) => (
          <Link key={tab} to={LISTS[tab].to} className="section-tabs__tab" activeProps={{ className: 'section-tabs__tab section-tabs__tab--on', 'aria-current': 'page' }}>
            {LISTS[tab].title}
          </Link>
        ))}
      </nav>
      <section className="interviews__body" aria-label={LISTS[name].title}>
        {name === 'saved' ? <SavedList timezone={timezone} /> : <InterviewList key={name} name={name} timezone={timezone} onCreate={openCreate} />}
      </section>
      {canCreate && <CreateInterviewModal open={creating} onClose={() => setCreating(false)} user={user} />}
    </div>
  );
}
