import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { AnsweringView, InterviewView, QuestionKind } from '../../../../contracts/interviews/api.ts';
import { api, ApiError, linesOf } from '../../lib/api/index.ts';
import { saveReturnPath } from '../../routes/deepLink.ts';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Input.tsx';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { useRouteMeta } from '../layout/useRouteMeta.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { Answering, ClosedInterview, LoadState, QuestionList, useAnswering, type Flavour } from './Answering.tsx';
import { guestChannel, memberChannel, type AnswerLink } from './channel.ts';
import { lastFinished, linkFor, rememberFinished, rememberLink } from './guestLink.ts';
import { isClosed, stepOf } from './steps.ts';
import './answers.css';

/** The answering routes of spec section 2, by their names: whose pages they are, and which kind each names. */
const ANSWER_ROUTES: Record<string, { flavour: Flavour; kind: QuestionKind }> = {
  asyncQuestionVideo: { flavour: 'member', kind: 'video' },
  asyncQuestionText: { flavour: 'member', kind: 'text' },
  calloutAsyncVideo: { flavour: 'callout', kind: 'video' },
  calloutAsyncText: { flavour: 'callout', kind: 'text' },
  asyncPublicQuestionVideo: { flavour: 'guest', kind: 'video' },
  asyncPublicQuestionText: { flavour: 'guest', kind: 'text' },
};

const DIGITS = /^\d+$/;

function useInterviewId(): number | null {
  const { id } = useParams({ strict: false }) as { id?: string };
  return id && DIGITS.test(id) ? Number(id) : null;
}

/**
 * `/interviews/async/{video|text}/{id}` and `/callouts/async/{video|text}/{id}` (a member
 * answering an interview they were invited to or found on the wire or in a callout), and
 * `/interviews/async/public/{video|text}/{id}` (a guest, through the link this tab opened).
 */
export function AnswerPage() {
  const meta = useRouteMeta();
  const route = meta ? ANSWER_ROUTES[meta.name] : undefined;
  const interviewId = useInterviewId();
  if (!route || interviewId === null) return <NotFoundPage />;
  if (route.flavour === 'guest') return <GuestAnswering interviewId={interviewId} kind={route.kind} />;
  return <MemberAnswering interviewId={interviewId} flavour={route.flavour} kind={route.kind} />;
}

function MemberAnswering({ interviewId, flavour, kind }: { interviewId: number; flavour: Flavour; kind: QuestionKind }) {
  const user = useCurrentUser();
  const channel = useMemo(() => (user ? memberChannel(interviewId, user.id) : null), [interviewId, user]);
  // Its creator is refused its answering view with a 403, which would end their session (spec
  // section 4): their own callout's "Answer" link leads them to their interview's page instead.
  const interview = useQuery({
    queryKey: ['interview-answers', 'interview', interviewId],
    queryFn: ({ signal }) => api.get<InterviewView>(`/api/v1/interviews/${interviewId}`, { signal, quiet: true }),
    retry: false,
    enabled: channel !== null,
  });
  if (!channel) return <SignInToAnswer />;
  if (!interview.data) return <LoadState error={interview.error} onRetry={() => void interview.refetch()} />;
  if (interview.data.permissions.canManage) return <OwnInterview interviewId={interviewId} />;
  return <Answering channel={channel} flavour={flavour} kind={kind} opening />;
}

function OwnInterview({ interviewId }: { interviewId: number }) {
  return (
    <div className="answers">
      <section className="answers__card" aria-labelledby="answers-own">
        <h1 id="answers-own" className="answers__title">
          You asked these questions
        </h1>
        <p className="answers__hint">The answers to your interview arrive on its page, as they are sent.</p>
        <div className="answers__actions">
          <Link to="/interviews/$id" params={{ id: String(interviewId) }} className="button button--primary button--md">
            <span className="button__label">Open the interview</span>
          </Link>
        </div>
      </section>
    </div>
  );
}

/** The member's pages are public routes (spec section 2), but answering needs an account: say how to get in. */
function SignInToAnswer() {
  const location = useLocation();
  return (
    <div className="answers">
      <section className="answers__card" aria-labelledby="answers-sign-in">
        <h1 id="answers-sign-in" className="answers__title">
          Sign in to answer
        </h1>
        <p className="answers__hint">This interview is answered with a Pressroom account. Sign in, and you come back here to answer.</p>
        <div className="answers__actions">
          <Link to="/sign_in" className="button button--primary button--md" onClick={() => saveReturnPath(location.href)}>
            <span className="button__label">Sign in</span>
          </Link>
          <Link to="/sign_up" className="button button--secondary button--md">
            <span className="button__label">Create an account</span>
          </Link>
        </div>
      </section>
    </div>
  );
}

function useGuestChannel(interviewId: number | null) {
  const link = interviewId === null ? null : linkFor(interviewId);
  return useMemo(() => (interviewId !== null && link ? guestChannel(interviewId, link) : null), [interviewId, link?.type, link?.hash]);
}

function GuestAnswering({ interviewId, kind }: { interviewId: number; kind: QuestionKind }) {
  const channel = useGuestChannel(interviewId);
  const navigate = useNavigate();
  if (!channel) return <NotFoundPage />;
  return (
    <GuestStarted channel={channel} interviewId={interviewId}>
      <Answering
        channel={channel}
        flavour="guest"
        kind={kind}
        opening={false}
        onSent={(view) => {
          rememberFinished({ title: view.interview.title, interviewer: view.interview.creator.name });
          void navigate({ to: '/interviews/async/public/finish' });
        }}
      />
    </GuestStarted>
  );
}

/** A guest answers once they said who they are: until then the questions wait behind the create page. */
function GuestStarted({ channel, interviewId, children }: { channel: ReturnType<typeof guestChannel>; interviewId: number; children: ReactNode }) {
  const query = useAnswering(channel);
  const navigate = useNavigate();
  const started = query.data?.response != null;
  const waiting = query.data !== undefined && !started && !isClosed(query.data);
  useEffect(() => {
    if (waiting) void navigate({ to: '/interviews/async/public/create/$id', params: { id: String(interviewId) }, replace: true });
  }, [waiting, interviewId, navigate]);
  if (!query.data || waiting) return <LoadState error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children}</>;
}

const pathOfKind = (kind: QuestionKind) => (kind === 'video' ? '/interviews/async/public/video/$id' : '/interviews/async/public/text/$id');

/** The kind of question a guest resumes at; null on the page that sends, which either page shows. */
function questionKindOf(view: AnsweringView): QuestionKind | null {
  const step = stepOf(view, null, false);
  return step.name === 'question' ? step.question.kind : null;
}

/**
 * `async/answer/{type}/{hash}`: the link a guest was sent. It is read once; the tab keeps it
 * and the address moves on to the interview's public pages, so the secret stays out of the
 * history and of every address after this one. An unknown, revoked or mistyped link is the
 * not-found page, as the server answers it.
 */
export function AnswerLinkPage() {
  const { type, hash } = useParams({ strict: false }) as { type?: string; hash?: string };
  const link: AnswerLink | null = (type === 'video' || type === 'text') && hash ? { type, hash } : null;
  if (!link) return <NotFoundPage />;
  return <OpenLink link={link} />;
}

function OpenLink({ link }: { link: AnswerLink }) {
  // The interview's id is not known before the server answers; what is read is kept under the
  // link, where the pages after this one find it.
  const channel = useMemo(() => guestChannel(0, link), [link.type, link.hash]);
  const query = useAnswering(channel);
  const navigate = useNavigate();
  const view = query.data;

  useEffect(() => {
    if (!view) return;
    const interviewId = view.interview.id;
    rememberLink(interviewId, link);
    const id = String(interviewId);
    if (!view.response && !isClosed(view)) {
      void navigate({ to: '/interviews/async/public/create/$id', params: { id }, replace: true });
      return;
    }
    void navigate({ to: pathOfKind(questionKindOf(view) ?? link.type), params: { id }, replace: true });
  }, [view, link.type, link.hash, navigate]);

  return <LoadState error={query.error} onRetry={() => void query.refetch()} />;
}

/**
 * `/interviews/async/public/create/{id}`: the guest's first page, where they see what they are
 * asked and say who they are (name, email, organisation) before the first question.
 */
export function GuestStartPage() {
  const interviewId = useInterviewId();
  const channel = useGuestChannel(interviewId);
  if (!channel) return <NotFoundPage />;
  return <GuestStart channel={channel} />;
}

function GuestStart({ channel }: { channel: ReturnType<typeof guestChannel> }) {
  const query = useAnswering(channel);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [guest, setGuest] = useState({ name: '', email: '', organisation: '' });
  const [lines, setLines] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const view = query.data;

  // Someone who said who they are (just now, or before: a reload, the link opened again) goes
  // on to the questions, once: a navigation under way renders this page again.
  const started = view?.response != null;
  const goesOn = started && view !== undefined && !isClosed(view) ? (questionKindOf(view) ?? 'text') : null;
  useEffect(() => {
    if (goesOn) void navigate({ to: pathOfKind(goesOn), params: { id: String(channel.interviewId) }, replace: true });
  }, [goesOn, channel.interviewId, navigate]);

  if (!view || started) return <LoadState error={query.error} onRetry={() => void query.refetch()} />;
  if (isClosed(view)) return <ClosedInterview view={view} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setLines([]);
    try {
      const next = await channel.start(guest);
      queryClient.setQueryData(channel.queryKey, next);
    } catch (error) {
      setLines(linesOf(error instanceof ApiError ? error : new ApiError(0, {})));
      if (error instanceof ApiError && error.status === 422) void query.refetch();
    } finally {
      setBusy(false);
    }
  };

  const { interview } = view;
  const count = view.questionsCount;
  return (
    <div className="answers">
      <header className="answers__header">
        <p className="answers__eyebrow">Interview</p>
        <h1 className="answers__title">{interview.title}</h1>
        <p className="answers__meta">
          <span>Asked by {interview.creator.name}</span>
          <span>{count === 1 ? 'One question' : `${count} questions`}</span>
        </p>
      </header>
      <section className="answers__card" aria-labelledby="answers-who">
        {interview.brief && <p className="answers__brief">{interview.brief}</p>}
        {interview.showQuestions && <QuestionList questions={view.questions} />}
        <h2 id="answers-who" className="answers__step-title">
          Before you start
        </h2>
        <p className="answers__hint">Tell {interview.creator.name} who is answering. Your answers go to them only.</p>
        <form className="answers__guest" onSubmit={(event) => void submit(event)}>
          <Input label="Name" required autoComplete="name" placeholder="" value={guest.name} onChange={(event) => setGuest({ ...guest, name: event.target.value })} />
          <Input label="Email" type="email" required autoComplete="email" placeholder="" value={guest.email} onChange={(event) => setGuest({ ...guest, email: event.target.value })} />
          <Input
            label="Organisation"
            autoComplete="organization"
            placeholder=""
            value={guest.organisation}
            onChange={(event) => setGuest({ ...guest, organisation: event.target.value })}
          />
          {lines.length > 0 && (
            <div className="answers__refusal" role="alert">
              {lines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          )}
          <div className="answers__actions">
            <Button type="submit" loading={busy}>
              Start answering
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}

/** `/interviews/async/public/finish`: where a guest lands once their answers are sent. */
export function GuestFinishPage() {
  const finished = lastFinished();
  return (
    <div className="answers">
      <section className="answers__card answers__finish" aria-labelledby="answers-finish">
        <h1 id="answers-finish" className="answers__title" tabIndex={-1} ref={(heading) => heading?.focus()}>
          Thank you, your answers are sent
        </h1>
        {finished ? (
          <p className="answers__hint">
            {finished.interviewer} has your answers to “{finished.title}”. To change one, open the link you were sent again before the interview closes.
          </p>
        ) : (
          <p className="answers__hint">Your answers went to the journalist who asked. To change one, open the link you were sent again before the interview closes.</p>
        )}
        <p className="answers__hint">Journalists ask experts like you every day on Pressroom.</p>
        <div className="answers__actions">
          <Link to="/sign_up" className="button button--primary button--md">
            <span className="button__label">Create an account</span>
          </Link>
        </div>
      </section>
    </div>
  );
}
