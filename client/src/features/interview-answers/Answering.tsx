import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CLOSED_TO_ANSWERS, type AnsweringView, type QuestionKind, type QuestionView } from '../../../../contracts/interviews/api.ts';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { formatDate } from '../../lib/format/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { NotFoundPage } from '../errors/NotFoundPage.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import type { AnswerBody, AnswerChannel } from './channel.ts';
import { TextAnswer } from './TextAnswer.tsx';
import { VideoAnswer } from './VideoAnswer.tsx';
import { changedSinceSent, isClosed, kindOf, limitLine, previousOf, progressOf, stateOf, stepOf } from './steps.ts';
import './answers.css';

/** The pages a flow of answers lives on: a member's own, a callout's, a guest's by link. */
export type Flavour = 'member' | 'callout' | 'guest';

const pathOf = (flavour: Flavour, kind: QuestionKind) => {
  switch (flavour) {
    case 'member':
      return `/interviews/async/${kind}/$id` as const;
    case 'callout':
      return `/callouts/async/${kind}/$id` as const;
    case 'guest':
      return `/interviews/async/public/${kind}/$id` as const;
  }
};

/** The question the address asks for, if it names one. */
function askedQuestion(search: { question?: unknown }): number | null {
  const value = search.question;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

export function useAnswering(channel: AnswerChannel) {
  return useQuery({ queryKey: channel.queryKey, queryFn: ({ signal }) => channel.read(signal), retry: false, staleTime: 30_000 });
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** While the interview loads, and when it could not: the not-found page for what does not exist. */
export function LoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error) {
    return (
      <div className="answers answers--loading">
        <Spinner size="lg" label="Loading the interview" />
      </div>
    );
  }
  if (isNotFound(error)) return <NotFoundPage />;
  return (
    <div className="answers">
      <div className="answers__card" role="alert">
        <h1 className="answers__title">The interview could not be loaded</h1>
        {(error instanceof ApiError ? linesOf(error) : []).map((line) => (
          <p key={line}>{line}</p>
        ))}
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}

/** The viewer's timezone: their own when signed in, else the browser's (a guest has none with us). */
function useTimezone(): string {
  const user = useCurrentUser();
  return user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Moves the focus to a step's heading whenever the step changes, so a screen reader starts there. */
function useStepHeading(key: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [key]);
  return heading;
}

type AnsweringProps = {
  channel: AnswerChannel;
  flavour: Flavour;
  /** The kind the page's address names; it follows the question shown. */
  kind: QuestionKind;
  /** Members begin at the interview's opening page; a guest saw it when they said who they are. */
  opening: boolean;
  onSent?: (view: AnsweringView) => void;
};

/**
 * One answerer's way through an interview, one question a screen: the address names the
 * question shown (`?question=`), so the browser's back and a reload keep the place, and an
 * address without one resumes where the server says the answerer stopped.
 */
export function Answering({ channel, flavour, kind, opening, onSent }: AnsweringProps) {
  const query = useAnswering(channel);
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { question?: unknown };
  const asked = askedQuestion(search);
  const view = query.data;
  const step = view ? stepOf(view, asked, opening) : null;
  const pageKind = step ? kindOf(step, kind) : kind;

  const goTo = (questionId: number | null, nextKind: QuestionKind, replace = false) =>
    void navigate({ to: pathOf(flavour, nextKind), params: { id: String(channel.interviewId) }, search: (questionId === null ? {} : { question: questionId }) as never, replace });

  // The address names the question shown and its kind (and so the page's title): put right in
  // place when it does not, such as after resuming from an address that named none.
  const shown = step?.name === 'question' ? step.question.id : null;
  const misplaced = step !== null && (pageKind !== kind || shown !== asked);
  // Once for each place, never again while the navigation there is under way (which renders anew).
  useEffect(() => {
    if (misplaced) goTo(shown, pageKind, true);
  }, [misplaced, shown, pageKind]);

  if (!view || !step) return <LoadState error={query.error} onRetry={() => void query.refetch()} />;
  if (isClosed(view)) return <ClosedInterview view={view} />;

  const afterwards = (next: AnsweringView) => {
    const nextQuestion = next.questions.find((question) => question.id === next.nextQuestionId);
    goTo(nextQuestion?.id ?? null, nextQuestion?.kind ?? pageKind);
  };

  return (
    <div className="answers">
      <InterviewHeader view={view} />
      {step.name === 'intro' && <Intro view={view} onStart={() => afterwards(view)} />}
      {step.name === 'question' && (
        <QuestionScreen
          key={step.question.id}
          channel={channel}
          view={view}
          question={step.question}
          onDone={afterwards}
          onBack={(previous) => goTo(previous.id, previous.kind)}
        />
      )}
      {step.name === 'review' && <Review channel={channel} view={view} onChange={(question) => goTo(question.id, question.kind)} onSent={onSent} />}
    </div>
  );
}

function InterviewHeader({ view }: { view: AnsweringView }) {
  const timezone = useTimezone();
  const { interview } = view;
  return (
    <header className="answers__header">
      <p className="answers__eyebrow">Interview</p>
      <h1 className="answers__title">{interview.title}</h1>
      <p className="answers__meta">
        <span>Asked by {interview.creator.name}</span>
        <span>{interview.deadline ? `Deadline: ${formatDate(interview.deadline, 'dateTime', timezone)}` : 'No deadline'}</span>
      </p>
    </header>
  );
}

/** The questions as the opening page lists them, when the interviewer shows them all beforehand. */
export function QuestionList({ questions }: { questions: readonly QuestionView[] }) {
  return (
    <ol className="answers__questions">
      {questions.map((question) => (
        <li key={question.id}>
          <span className="answers__question-text">{question.text}</span>
          <span className="answers__question-limits">{limitLine(question)}</span>
        </li>
      ))}
    </ol>
  );
}

function Intro({ view, onStart }: { view: AnsweringView; onStart: () => void }) {
  const heading = useStepHeading('intro');
  const { interview } = view;
  const count = view.questionsCount;
  return (
    <section className="answers__card" aria-labelledby="answers-intro">
      <h2 id="answers-intro" ref={heading} tabIndex={-1} className="answers__step-title">
        {count === 1 ? 'One question' : `${count} questions`}
      </h2>
      {interview.brief && <p className="answers__brief">{interview.brief}</p>}
      {interview.showQuestions ? <QuestionList questions={view.questions} /> : <p className="answers__hint">You see each question when you come to it.</p>}
      <p className="answers__hint">
        One question a screen. You can leave at any time and come back: you will continue where you stopped.
        {interview.allowSkip && ' You may skip a question.'}
      </p>
      <div className="answers__actions">
        <Button onClick={onStart}>Start answering</Button>
      </div>
    </section>
  );
}

/** A refusal as the server put it, beside what was refused. */
function Refusal({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="answers__refusal" role="alert">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/**
 * Runs a request of the answerer's, keeping what they gave when the connection is down and
 * sending it again once it is back. A refusal that the interview closed reads it again, so
 * the closed page replaces the question.
 */
function useAnswerRequest(channel: AnswerChannel) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const [refusals, setRefusals] = useState(0);
  const [waiting, setWaiting] = useState<(() => Promise<AnsweringView>) | null>(null);
  const done = useRef<(view: AnsweringView) => void>(() => undefined);

  const run = async (request: () => Promise<AnsweringView>, onDone: (view: AnsweringView) => void) => {
    done.current = onDone;
    setBusy(true);
    setLines([]);
    try {
      const view = await request();
      setWaiting(null);
      queryClient.setQueryData(channel.queryKey, view);
      onDone(view);
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(0, {});
      if (failure.status === 0 && !navigator.onLine) {
        setWaiting(() => request);
      } else {
        setWaiting(null);
        setLines(linesOf(failure));
        setRefusals((count) => count + 1);
        if (failure.errors.includes(CLOSED_TO_ANSWERS)) void queryClient.invalidateQueries({ queryKey: channel.queryKey });
      }
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!waiting) return;
    const retry = () => void run(waiting, done.current);
    // Back online between the failure and this effect: the event has gone by, so send now.
    if (navigator.onLine) {
      retry();
      return;
    }
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
    // Once per answer kept: `run` is new at every render, and a retry under way renders.
  }, [waiting]);

  return { run, busy, lines, refusals, offline: waiting !== null };
}

type QuestionScreenProps = {
  channel: AnswerChannel;
  view: AnsweringView;
  question: QuestionView;
  onDone: (view: AnsweringView) => void;
  onBack: (previous: QuestionView) => void;
};

function QuestionScreen({ channel, view, question, onDone, onBack }: QuestionScreenProps) {
  const heading = useStepHeading(`question-${question.id}`);
  const headingId = useId();
  const request = useAnswerRequest(channel);
  const progress = progressOf(view, question);
  const previous = previousOf(view, question);
  const state = stateOf(view, question.id);
  const submit = (body: AnswerBody) => void request.run(() => channel.answer(question.id, body), onDone);

  return (
    <section className="answers__card answers__step" aria-labelledby={headingId}>
      <div className="answers__progress">
        <p className="answers__position">
          Question {progress.position} of {progress.total}
        </p>
        <progress max={progress.total} value={progress.done} aria-label={`${progress.done} of ${progress.total} questions answered`} />
      </div>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="answers__question">
        {question.text}
      </h2>
      <p className="answers__hint">
        {limitLine(question)}
        {state === 'skipped' && '. You skipped this question; you can still answer it.'}
      </p>

      {question.kind === 'video' ? (
        // A refused video (too long, say) is spent: a fresh recorder offers the next take.
        <VideoAnswer key={request.refusals} channel={channel} view={view} question={question} busy={request.busy} onAnswer={submit} onKeep={() => onDone(view)} />
      ) : (
        <TextAnswer channel={channel} view={view} question={question} busy={request.busy} onAnswer={submit} onKeep={() => onDone(view)} />
      )}

      {request.offline && (
        <p className="answers__offline" role="status">
          You are offline. Your answer is kept here and will be sent when you are back online.
        </p>
      )}
      <Refusal lines={request.lines} />

      {(previous || (view.interview.allowSkip && state === 'open')) && (
        <div className="answers__secondary">
          {previous && (
            <Button variant="ghost" onClick={() => onBack(previous)}>
              Previous question
            </Button>
          )}
          {view.interview.allowSkip && state === 'open' && (
            <Button variant="secondary" loading={request.busy} onClick={() => void request.run(() => channel.skip(question.id), onDone)}>
              Skip this question
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

const STATE_LABELS = { answered: 'Answered', skipped: 'Skipped', open: 'Not answered' } as const;

type ReviewProps = { channel: AnswerChannel; view: AnsweringView; onChange: (question: QuestionView) => void; onSent: ((view: AnsweringView) => void) | undefined };

/** Every question with what became of it, and the one button that sends them to the interviewer. */
function Review({ channel, view, onChange, onSent }: ReviewProps) {
  const timezone = useTimezone();
  const response = view.response;
  const sent = response?.status === 'sent';
  const changed = changedSinceSent(view);
  const heading = useStepHeading(`review-${response?.status ?? 'none'}`);
  const request = useAnswerRequest(channel);
  const interviewer = view.interview.creator.name;

  let title = 'Ready to send';
  let line = `Check your answers, then send them to ${interviewer}. Until you send them, nobody sees them.`;
  if (sent && !changed) {
    title = 'Your answers are sent';
    line = `${interviewer} has your answers${response?.sentAt ? ` since ${formatDate(response.sentAt, 'dateTime', timezone)}` : ''}. You can change an answer and send again until the interview closes.`;
  } else if (sent) {
    title = 'Send your changes';
    line = `You changed an answer after sending. Send again, and ${interviewer} sees your answers as they are now.`;
  }

  return (
    <section className="answers__card" aria-labelledby="answers-review">
      <h2 id="answers-review" ref={heading} tabIndex={-1} className="answers__step-title">
        {title}
      </h2>
      <p className="answers__hint">{line}</p>
      <ol className="answers__review">
        {view.questions.map((question) => {
          const state = stateOf(view, question.id);
          return (
            <li key={question.id}>
              <div className="answers__review-row">
                <span className="answers__question-text">{question.text}</span>
                <span className={`answers__state answers__state--${state}`}>{STATE_LABELS[state]}</span>
                <Button variant="ghost" size="sm" onClick={() => onChange(question)} aria-label={`Change your answer to: ${question.text}`}>
                  Change
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {request.offline && (
        <p className="answers__offline" role="status">
          You are offline. Your answers will be sent when you are back online.
        </p>
      )}
      <Refusal lines={request.lines} />
      {(!sent || changed) && (
        <div className="answers__actions">
          <Button loading={request.busy} onClick={() => void request.run(() => channel.send(), (next) => onSent?.(next))}>
            {sent ? 'Send again' : 'Send your answers'}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Past its deadline, closed by its creator or by enough answers: the server's line, and why. */
export function ClosedInterview({ view, children }: { view: AnsweringView; children?: ReactNode }) {
  const heading = useStepHeading('closed');
  const sentAt = view.response?.status === 'sent' ? view.response.sentAt : null;
  const timezone = useTimezone();
  return (
    <div className="answers">
      <InterviewHeader view={view} />
      <section className="answers__card" aria-labelledby="answers-closed">
        <h2 id="answers-closed" ref={heading} tabIndex={-1} className="answers__step-title">
          {CLOSED_TO_ANSWERS}
        </h2>
        {view.interview.closedLine && <p className="answers__closed-line">{view.interview.closedLine}</p>}
        {sentAt && <p className="answers__hint">Your answers were sent on {formatDate(sentAt, 'dateTime', timezone)}.</p>}
        {children}
      </section>
    </div>
  );
}
