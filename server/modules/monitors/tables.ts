import type { ColumnType } from 'kysely';

// The monitors read model and their mentions (migrations/0035_monitors.ts).
declare module '../../db/schema.ts' {
  interface Database {
    monitors: MonitorsTable;
    mentions: MentionsTable;
  }
}

type Instant = ColumnType<Date, Date | string, Date | string>;

export interface MonitorsTable {
  id: number;
  account_id: number;
  name: string;
  query: string;
  sources: string[];
  beats: string[];
  outlets: string[];
  countries: string[];
  email_digest: boolean;
  created_by: number;
  created_at: Instant;
  updated_at: Instant;
  mentions_count: ColumnType<number, number | undefined, number>;
  last_mention_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  digest_through: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface MentionsTable {
  monitor_id: number;
  account_id: number;
  source: string;
  source_id: string;
  title: string;
  summary: string;
  link: string | null;
  outlet: string | null;
  beats: string[];
  country: string | null;
  published_at: Instant;
  matched_at: Instant;
}
