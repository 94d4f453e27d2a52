import type { ColumnType, Generated } from 'kysely';

// Table types of the core. Each module adds its own read-model tables here as it lands.
export interface EventsTable {
  position: Generated<number>;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: ColumnType<unknown, string, string>;
  metadata: ColumnType<unknown, string, string>;
  // xid8 travels as text: it is compared in SQL only, never in JS.
  transaction_id: Generated<string>;
  recorded_at: Generated<Date>;
}

export interface ProcessorsTable {
  name: string;
  version: number;
  state: 'catching_up' | 'live' | 'retired';
  last_transaction_id: string;
  last_position: number;
  paused: boolean;
  error: string | null;
  error_position: number | null;
  updated_at: Generated<Date>;
}

export interface AccountsTable {
  id: number;
  name: string;
  company: string;
  modules: string[];
  system: boolean;
  created_at: Date;
}

export interface UsersTable {
  id: number;
  email: string;
  slug: string;
  firstname: string;
  lastname: string;
  job_title: string | null;
  logo: string | null;
  logo_icon: string | null;
  timezone: string;
  roles: string[];
  account_id: number | null;
  is_read_only: boolean;
  is_managed: boolean;
  two_factor: boolean;
  onboarding: string | null;
  created_at: Date;
}

export interface CredentialsTable {
  user_id: number;
  password_hash: string;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  user_agent: string | null;
  ip: string | null;
}

export interface PasswordRecoveriesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Generated<Date>;
  sent_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface PostsTable {
  id: number;
  kind: string;
  author_id: number;
  author_type: 'person' | 'company';
  creator_id: number;
  community_ids: number[];
  user_types: string[];
  fields: ColumnType<Record<string, unknown>, string, string>;
  is_deleted: boolean;
  published_at: Date;
  updated_at: Date;
  likes_count: number;
  comments_count: number;
  total_comments_count: number;
}

export interface CommentsTable {
  id: number;
  post_id: number;
  parent_id: number | null;
  author_id: number;
  content: string;
  attachments: ColumnType<unknown[], string, string>;
  created_at: Date;
  edited_at: Date | null;
  is_deleted: boolean;
  likes_count: number;
  children_count: number;
}

export interface LikesTable {
  target_kind: 'post' | 'comment';
  target_id: number;
  user_id: number;
  liked_at: Date;
}

export interface Database {
  events: EventsTable;
  processors: ProcessorsTable;
  beats: { id: number; name: string; color: string };
  accounts: AccountsTable;
  users: UsersTable;
  user_beats: { user_id: number; beat_id: number; position: number };
  credentials: CredentialsTable;
  sessions: SessionsTable;
  password_recoveries: PasswordRecoveriesTable;
  mail_outbox: MailOutboxTable;
  posts: PostsTable;
  comments: CommentsTable;
  likes: LikesTable;
}
