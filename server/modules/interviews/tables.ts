import type { Generated } from 'kysely';
import type { ClosedReason, QuestionKind } from '../../../contracts/interviews/api.ts';

// The interview read model's tables and the links' plain table (migrations/0013_interviews.ts).
declare module '../../db/schema.ts' {
  interface Database {
    interviews: InterviewsTable;
    interview_questions: InterviewQuestionsTable;
    interview_invitations: { interview_id: number; user_id: number; invited_at: Date };
    interview_shares: { interview_id: number; user_id: number; shared_at: Date };
    interview_responses: InterviewResponsesTable;
    interview_answers: InterviewAnswersTable;
    interview_saved_answers: { user_id: number; response_id: number; question_id: number; interview_id: number; saved_at: Date };
    interview_links: InterviewLinksTable;
    interview_link_uploads: { upload_id: number; link_id: number };
  }
}

export interface InterviewsTable {
  id: number;
  creator_id: number;
  account_id: number | null;
  title: string;
  brief: string;
  deadline: Date | null;
  show_questions: boolean;
  allow_skip: boolean;
  close_after_answers: number | null;
  status: 'draft' | 'open' | 'closed';
  closed_reason: Exclude<ClosedReason, 'deadline'> | null;
  callout_id: number | null;
  callout_user_types: string[];
  /** The questions' texts in order, one a line, kept for search (migrations/0046). */
  questions_text: string;
  answers_count: number;
  created_at: Date;
  published_at: Date | null;
  closed_at: Date | null;
}

export interface InterviewQuestionsTable {
  id: number;
  interview_id: number;
  position: number;
  kind: QuestionKind;
  text: string;
  time_limit_seconds: number | null;
  max_length: number | null;
  think_seconds: number;
  retakes: number;
}

export interface InterviewResponsesTable {
  id: number;
  interview_id: number;
  user_id: number | null;
  link_id: number | null;
  guest_name: string | null;
  guest_email: string | null;
  guest_organisation: string | null;
  sent: boolean;
  started_at: Date;
  sent_at: Date | null;
}

export interface InterviewAnswersTable {
  response_id: number;
  question_id: number;
  interview_id: number;
  kind: QuestionKind;
  text: string | null;
  video_id: number | null;
  skipped: boolean;
  answered_at: Date;
}

export interface InterviewLinksTable {
  id: number;
  interview_id: number;
  type: QuestionKind;
  token: string;
  label: string;
  created_at: Generated<Date>;
  revoked_at: Date | null;
}
