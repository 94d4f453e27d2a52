import type { ColumnType } from 'kysely';
import type { Audience } from '../../../contracts/announcements/distribution.ts';
import type { AnnouncementFields } from '../../../contracts/announcements/events.ts';

// The announcements read model and the preview links' secrets (migrations/0020_announcements.ts).
declare module '../../db/schema.ts' {
  interface Database {
    announcements: AnnouncementsTable;
    announcement_preview_links: { announcement_id: number; code_hash: string; created_by: number; created_at: ColumnType<Date, Date | undefined, Date> };
  }
}

type Json<T> = ColumnType<T, string, string>;

export interface AnnouncementsTable {
  id: number;
  newsroom_id: number;
  account_id: number;
  status: 'draft' | 'scheduled' | 'published' | 'unpublished';
  headline: string;
  subtitle: string;
  body: string;
  summary: string;
  header_image: Json<AnnouncementFields['headerImage']>;
  gallery: Json<AnnouncementFields['gallery']>;
  video_id: number | null;
  attachments: Json<AnnouncementFields['attachments']>;
  beats: number[];
  language: string;
  embargo_until: ColumnType<Date | null, string | null, string | null>;
  tracking: boolean;
  audience: ColumnType<Audience, string | undefined, string>;
  publish_at: ColumnType<Date | null, string | null, string | null>;
  published_at: ColumnType<Date | null, string | null, string | null>;
  public_at: ColumnType<Date | null, string | null, string | null>;
  is_public: boolean;
  due_at: ColumnType<Date | null, string | null, string | null>;
  created_by: number;
  created_at: ColumnType<Date, Date | string, Date | string>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}
