import { Link, useParams } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import type { AnswerView, InterviewView, QuestionKind, ResponseView } from '../../../../contracts/interviews/api.ts';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { ApiError } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { Button, confirmDialog, EmptyState, Input, Select, showToast, Spinner, useClipboard } from '../../ui/index.ts';
import { Avatar } from '../composer/Avatar.tsx';
import { PostLink } from '../posts/PostLink.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { VideoPlayer } from '../video/VideoPlayer.tsx';
import { CalloutModal } from './CalloutModal.tsx';
import { EditInterviewModal } from './CreateInterviewModal.tsx';
import { AnsweringLink, answersLine, deadlineLine, limitsLine, questionsLine, StatusTag } from './parts.tsx';
import { PeopleModal, type PeopleMode } from './PeopleModal.tsx';
import {
  useCreateLink,
  useInterview,
  useInterviewAction,
  useInterviewLive,
  useLinks,
  useResponses,
  useRevokeLink,
  useSaveAnswer,
  type LinkView,
} from './queries.ts';
import './interviews.css';

const KIND_WORDS: Record<QuestionKind, string> = { video: 'On video', text: 'In writing' };

function Actions({ interview, user }: { interview: InterviewView; user: CurrentUser }) {
  const action = useInterviewAction(interview.id);
  const [callout, setCallout] = useState(false);
  const [editing, setEditing] = useState(false);
  const [people, setPeople] = useState<PeopleMode | null>(null);
  const run = (what: 'publish' | 'close', done: string) =>
    action.mutate(what, { onSuccess: () => showToast({ type: 'success', lines: [done] }) });
  const closeEarly = async () => {
    const sure = await confirmDialog({
      title: 'Close this interview early?',
      message: 'Nobody can answer it after this. The answers already sent stay.',
      applyLabel: 'Close interview',
      danger: true,
    });
    if (sure) run('close', 'Interview closed');
  };
  const open = interview.status === 'open';
  const draft = interview.status === 'draft';
  return (
    <div className="interview-actions">
      {draft && (
        <Button loading={action.isPending && action.variables === 'publish'} disabled={action.isPending} onClick={() => run('publish', 'Interview published')}>
          Publish
        </Button>
      )}
      {interview.status !== 'closed' && (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Edit
        </Button>
      )}
      {interview.status !== 'closed' && interview.calloutId === null && (
        <Button variant="secondary" onClick={() => setCallout(true)}>
          Publish as a callout
        </Button>
      )}
      {interview.status !== 'closed' && (
        <Button variant="secondary" onClick={() => setPeople('invitations')}>
          Invite people
        </Button>
      )}
      {user.account && (
        <Button variant="secondary" onClick={() => setPeople('shares')}>
          Share with colleagues
        </Button>
      )}
      {open && (
        <Button variant="danger" loading={action.isPending && action.variables === 'close'} disabled={action.isPending} onClick={() => void closeEarly()}>
          Close early
        </Button>
      )}
      {/* Mounted when opened, so the form starts from the interview as it is now. */}
      {editing && <EditInterviewModal interview={interview} user={user} open={editing} onClose={() => setEditing(false)} />}
      {callout && <CalloutModal interview={interview} user={user} open={callout} onClose={() => setCallout(false)} />}
      <PeopleModal interviewId={interview.id} mode={people} onClose={() => setPeople(null)} selfId={user.id} />
    </div>
  );
}

function LinkRow({ link, interviewId, timezone }: { link: LinkView; interviewId: number; timezone: string }) {
  const { copy, copied } = useClipboard();
  const revoke = useRevokeLink(interviewId);
  const name = link.label || 'Answer link';
  const ask = async () => {
    const sure = await confirmDialog({ title: 'Revoke this link?', message: 'Whoever has it can no longer open the interview. Answers already given stay.', applyLabel: 'Revoke', danger: true });
    if (sure) revoke.mutate(link.id);
  };
  return (
    <li className={`answer-link${link.revoked ? ' answer-link--revoked' : ''}`}>
      <div className="answer-link__head">
        <span className="answer-link__label">{name}</span>
        <span className="answer-link__meta">
          {KIND_WORDS[link.type]} · {formatDate(link.createdAt, 'date', timezone)}
          {link.revoked && ' · Revoked'}
        </span>
      </div>
      {!link.revoked && (
        <div className="answer-link__body">
          <input className="field__input answer-link__url" readOnly value={link.url} aria-label={`Link for ${name}`} onFocus={(event) => event.target.select()} />
          <Button variant="secondary" size="sm" onClick={() => void copy(link.url)}>
            {copied ? 'Copied' : 'Copy'}
            <span className="visually-hidden"> link for {name}</span>
          </Button>
          <Button variant="ghost" size="sm" loading={revoke.isPending} onClick={() => void ask()}>
            Revoke
            <span className="visually-hidden"> link for {name}</span>
          </Button>
        </div>
      )}
    </li>
  );
}

/** Answer links: one per guest (a label says whom), copied again at will, revoked when no longer wanted. */
function AnswerLinks({ interview, timezone }: { interview: InterviewView; timezone: string }) {
  const links = useLinks(interview.id, true);
  const create = useCreateLink(interview.id);
  const [type, setType] = useState<QuestionKind>(interview.questions[0]?.kind ?? 'video');
  const [label, setLabel] = useState('');
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ type, label: label.trim() }, { onSuccess: () => setLabel('') });
  };
  const shown = links.data?.data ?? [];
  return (
    <section className="interview-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="interview-panel__title">
        Answer links
      </h2>
      <p className="interview-panel__hint">
        {interview.status === 'closed'
          ? 'The interview is closed: its links take no more answers.'
          : `Anyone with a link can answer without an account${interview.status === 'draft' ? ', once the interview is published' : ''}. Make one per person, so each can be revoked on its own.`}
      </p>
      {interview.status !== 'closed' && (
        <form className="answer-link-form" onSubmit={submit}>
          <Input label="Who it is for" placeholder="e.g. Dr Lee, by email" value={label} maxLength={200} onChange={(event) => setLabel(event.target.value)} />
          <Select label="Opens on" value={type} onChange={(event) => setType(event.target.value as QuestionKind)}>
            <option value="video">Video answer</option>
            <option value="text">Written answer</option>
          </Select>
          <Button type="submit" loading={create.isPending}>
            Create link
          </Button>
        </form>
      )}
      {links.isPending ? (
        <Spinner label="Loading links" />
      ) : shown.length === 0 ? (
        <p className="interview-panel__empty">No links yet.</p>
      ) : (
        <ul className="answer-links" aria-label="Links">
          {[...shown].reverse().map((link) => (
            <LinkRow key={link.id} link={link} interviewId={interview.id} timezone={timezone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function respondentName(response: ResponseView): string {
  return response.respondent.kind === 'member' ? response.respondent.person.name : response.respondent.name;
}

function Answer({ answer, response, question, interviewId }: { answer: AnswerView | undefined; response: ResponseView; question: InterviewView['questions'][number]; interviewId: number }) {
  const save = useSaveAnswer(interviewId);
  const who = respondentName(response);
  if (!answer) return <p className="answer__none">{response.status === 'sent' ? 'Not answered' : 'Not answered yet'}</p>;
  if (answer.skipped) return <p className="answer__none">Skipped</p>;
  if (answer.video) {
    return (
      <div className="answer__video">
        <VideoPlayer video={answer.video} title={`${who}: ${question.text}`} />
        <Button
          variant="secondary"
          size="sm"
          loading={save.isPending}
          onClick={() => save.mutate({ responseId: response.id, questionId: answer.questionId, status: !answer.saved }, { onSuccess: () => showToast({ type: 'success', lines: [answer.saved ? 'Removed from Saved media' : 'Saved to Saved media'] }) })}
        >
          {answer.saved ? 'Remove from saved' : 'Save video'}
        </Button>
      </div>
    );
  }
  return <p className="answer__text">{answer.text}</p>;
}

function ResponseCard({ response, interview, timezone }: { response: ResponseView; interview: InterviewView; timezone: string }) {
  const { respondent } = response;
  const name = respondentName(response);
  const headingId = useId();
  const mayWrite = !(useCurrentUser()?.isReadOnly ?? true);
  return (
    <li className="response" aria-labelledby={headingId}>
      <header className="response__head">
        <Avatar name={name} src={respondent.kind === 'member' ? respondent.person.avatar : null} size="md" />
        <div className="response__who">
          <h3 id={headingId} className="response__name">
            {respondent.kind === 'member' ? (
              <Link to="/u/$slug" params={{ slug: respondent.person.slug }}>
                {name}
              </Link>
            ) : (
              name
            )}
          </h3>
          {respondent.kind === 'guest' && (
            <p className="response__guest">
              {[respondent.organisation, 'by link'].filter(Boolean).join(' · ')} · <a href={`mailto:${respondent.email}`}>{respondent.email}</a>
            </p>
          )}
          {/* A member who answered can be asked a follow-up directly; a guest by email, above. */}
          {respondent.kind === 'member' && mayWrite && (
            <Link to="/messages" search={{ to: respondent.person.slug }} className="response__message" aria-label={`Message ${name}`}>
              Message
            </Link>
          )}
        </div>
        <span className={`response__state response__state--${response.status}`}>
          {response.status === 'sent' && response.sentAt ? `Sent ${formatDate(response.sentAt, 'dateTime', timezone)}` : 'Answering…'}
        </span>
      </header>
      <ol className="response__answers">
        {interview.questions.map((question, index) => (
          <li key={question.id} className="response__answer">
            <p className="response__question">
              <span className="response__number">{index + 1}.</span> {question.text}
            </p>
            <Answer answer={response.answers.find((answer) => answer.questionId === question.id)} response={response} question={question} interviewId={interview.id} />
          </li>
        ))}
      </ol>
    </li>
  );
}

/** The answers, newest first, patched live from the interview's room as each one is given. */
function Responses({ interview, timezone }: { interview: InterviewView; timezone: string }) {
  const responses = useResponses(interview.id, true);
  const headingId = useId();
  const shown = [...(responses.data?.data ?? [])].reverse();
  const sent = shown.filter((response) => response.status === 'sent').length;
  return (
    <section className="interview-panel interview-responses" aria-labelledby={headingId} aria-busy={responses.isPending}>
      <h2 id={headingId} className="interview-panel__title">
        Answers <span className="interview-panel__count">{answersLine(interview.answersCount)}</span>
      </h2>
      {/* Said once per change, so a screen reader hears an answer arrive without moving there. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {responses.data ? `${answersLine(sent)} sent, ${shown.length - sent} in progress` : ''}
      </p>
      {responses.isPending ? (
        <Spinner label="Loading answers" />
      ) : shown.length === 0 ? (
        <EmptyState
          title="No answers yet"
          description={interview.status === 'draft' ? 'Publish the interview, then invite people or send them a link: answers appear here as they come in.' : 'Answers appear here as they come in, without reloading.'}
        />
      ) : (
        <ul className="responses" aria-label="Responses">
          {shown.map((response) => (
            <ResponseCard key={response.id} response={response} interview={interview} timezone={timezone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Questions({ interview }: { interview: InterviewView }) {
  const headingId = useId();
  // An answerer of an interview that shows its questions one at a time sees how many, not what.
  const hidden = !interview.permissions.canReadAnswers && !interview.showQuestions;
  return (
    <section className="interview-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="interview-panel__title">
        Questions
      </h2>
      {hidden ? (
        <p>{questionsLine(interview.questions)}, shown one at a time as you answer.</p>
      ) : (
        <ol className="interview-questions">
          {interview.questions.map((question) => (
            <li key={question.id} className="interview-question">
              <p className="interview-question__text">{question.text}</p>
              <p className="interview-question__limits">{limitsLine(question)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * /interviews/{id}: the interview for its creator (publish, close, links, invitations, sharing,
 * the callout) and the colleagues it is shared with (the answers, live); for anyone else who
 * may see it, what it asks and the way to answer.
 */
export function InterviewPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const interviewId = Number(id);
  const user = useCurrentUser();
  const interview = useInterview(interviewId);
  const view = interview.data;
  useInterviewLive(interviewId, view?.permissions.canReadAnswers ?? false, view?.status === 'open' ? view.deadline : null);

  if (interview.isPending) {
    return (
      <div className="interview-page__loading">
        <Spinner label="Loading the interview" />
      </div>
    );
  }
  if (!view || !user) {
    const missing = interview.error instanceof ApiError && interview.error.status === 404;
    return (
      <EmptyState
        title={missing ? 'This interview is not available' : 'The interview could not be loaded'}
        description={missing ? 'It may not be published yet, or not be yours to see.' : 'Check your connection and try again.'}
        action={
          missing ? (
            <Link to="/interviews/wire" className="button button--secondary button--md">
              Go to the Interview Wire
            </Link>
          ) : (
            <Button onClick={() => void interview.refetch()}>Try again</Button>
          )
        }
      />
    );
  }

  const timezone = user.timezone || DEFAULT_TIMEZONE;
  const { canManage, canReadAnswers, canAnswer } = view.permissions;
  return (
    <div className="interview-page">
      <header className="interview-page__header">
        <div className="interview-page__title-row">
          <h1 className="interview-page__title">{view.title}</h1>
          <StatusTag interview={view} />
        </div>
        <ul className="interview-page__facts" aria-label="Details">
          {!canManage && (
            <li className="interview-page__author">
              <Avatar name={view.creator.name} src={view.creator.avatar} size="sm" /> {view.creator.name}
            </li>
          )}
          <li>{deadlineLine(view.deadline, timezone)}</li>
          <li>{questionsLine(view.questions)}</li>
          {canReadAnswers && <li>{answersLine(view.answersCount)}</li>}
          {view.calloutId !== null && (
            <li>
              <PostLink kind="callout" id={view.calloutId}>
                See the callout
              </PostLink>
            </li>
          )}
        </ul>
        {view.brief && <p className="interview-page__brief">{view.brief}</p>}
        {canManage && <Actions interview={view} user={user} />}
        {canAnswer && view.status === 'open' && (
          <AnsweringLink interview={view} className="button button--primary button--md interview-page__answer">
            Answer this interview
          </AnsweringLink>
        )}
      </header>
      <div className="interview-page__columns">
        <div className="interview-page__main">
          <Questions interview={view} />
          {canReadAnswers && <Responses interview={view} timezone={timezone} />}
        </div>
        {canManage && (
          <aside className="interview-page__side" aria-label="Asking people">
            <AnswerLinks interview={view} timezone={timezone} />
          </aside>
        )}
      </div>
    </div>
  );
}
