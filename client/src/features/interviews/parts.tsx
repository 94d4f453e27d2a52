import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { InterviewView, QuestionView } from '../../../../contracts/interviews/api.ts';
import { formatDate } from '../../lib/format/index.ts';
import { spokenSeconds } from './draft.ts';

/** Draft, Open, or why it closed ("Closed: sources found"), as a callout shows it. */
function statusLine(interview: Pick<InterviewView, 'status' | 'closedLine'>): string {
  if (interview.status === 'draft') return 'Draft';
  if (interview.status === 'open') return 'Open';
  return interview.closedLine ?? 'Closed';
}

export function StatusTag({ interview }: { interview: Pick<InterviewView, 'status' | 'closedLine'> }) {
  return <span className={`interview-status interview-status--${interview.status}`}>{statusLine(interview)}</span>;
}

export function deadlineLine(deadline: string | null, timezone: string): string {
  return deadline ? `Deadline ${formatDate(deadline, 'dateTime', timezone)}` : 'No deadline';
}

/** "3 questions: 2 on video, 1 in writing". */
export function questionsLine(questions: readonly Pick<QuestionView, 'kind'>[]): string {
  const videos = questions.filter((question) => question.kind === 'video').length;
  const texts = questions.length - videos;
  const total = `${questions.length} question${questions.length === 1 ? '' : 's'}`;
  if (videos === 0 || texts === 0) return `${total}, ${videos === 0 ? 'in writing' : 'on video'}`;
  return `${total}: ${videos} on video, ${texts} in writing`;
}

export const answersLine = (count: number) => (count === 1 ? '1 answer' : `${count} answers`);

/** What answering a question asks of a person: its time or length limit, think time and retakes. */
export function limitsLine(question: QuestionView): string {
  if (question.kind === 'text') return question.maxLength === null ? 'Written answer' : `Written answer, up to ${question.maxLength} characters`;
  const parts = [`Video answer, up to ${spokenSeconds(question.timeLimitSeconds ?? 120)}`];
  if (question.thinkSeconds > 0) parts.push(`${spokenSeconds(question.thinkSeconds)} to think`);
  parts.push(question.retakes === 0 ? 'no retakes' : `${question.retakes} retake${question.retakes === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/** Where a member answers: the answering screens open on the kind of the first question. */
export function AnsweringLink({ interview, className, children }: { interview: Pick<InterviewView, 'id' | 'questions'>; className: string; children: ReactNode }) {
  const video = interview.questions[0]?.kind === 'video';
  return (
    <Link to={video ? '/interviews/async/video/$id' : '/interviews/async/text/$id'} params={{ id: String(interview.id) }} className={className}>
      {children}
    </Link>
  );
}
