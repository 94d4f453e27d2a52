import type { ColumnType } from 'kysely';
import type { Address } from '../../../contracts/users/settings-events.ts';

// The profile settings' read models (migrations/0010_profiles.ts), merged into the
// database's table types here.
declare module '../../db/schema.ts' {
  interface Database {
    user_profiles: UserProfilesTable;
    community_follows: { user_id: number; community_id: number; followed_at: Date };
    feed_type_follows: { user_id: number; feed_type: string; followed_at: Date };
    newsletter_subscriptions: { user_id: number; newsletter: string; subscribed_at: Date };
    notification_preferences: { user_id: number; type: string; in_app: boolean };
  }
}

type Json<T> = ColumnType<T, string, string>;

export interface UserProfilesTable {
  user_id: number;
  organization: ColumnType<string | null, string | null | undefined, string | null>;
  country: ColumnType<string | null, string | null | undefined, string | null>;
  visibility: ColumnType<'public' | 'private', 'public' | 'private' | undefined, 'public' | 'private'>;
  contacts: Json<Record<string, string | null>>;
  links: Json<Record<string, string | null>>;
  addresses: Json<Record<string, Address | null>>;
}
