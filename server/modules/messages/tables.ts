import type { MediaItem } from '../../../contracts/posts/media.ts';

// The messages read model (migrations/0014_messages.ts).
declare module '../../db/schema.ts' {
  interface Database {
    conversations: ConversationsTable;
    conversation_members: ConversationMembersTable;
    messages: MessagesTable;
    messaging_preferences: { user_id: number; read_receipts: boolean; cold_pitch_protection: boolean };
    message_blocks: { user_id: number; blocked_id: number; reason: 'block' | 'spam'; blocked_at: Date };
    message_reports: { message_id: number; reporter_id: number; sender_id: number; conversation_id: number; reported_at: Date };
  }
}

export interface ConversationsTable {
  id: number;
  started_by: number;
  is_group: boolean;
  title: string | null;
  pair_key: string | null;
  started_at: Date;
  last_message_id: number | null;
  last_activity_at: Date;
}

export interface ConversationMembersTable {
  conversation_id: number;
  user_id: number;
  joined_at: Date;
  left_at: Date | null;
  last_read_message_id: number;
  unread_count: number;
  mentions_count: number;
  sent_count: number;
  muted: boolean;
}

export interface MessagesTable {
  id: number;
  conversation_id: number;
  sender_id: number;
  content: string;
  attachments: MediaItem[] | string;
  mentions: number[];
  sent_at: Date;
  edited_at: Date | null;
  is_deleted: boolean;
}
