import type { StoredListFilter } from '../../../contracts/contacts/events.ts';
import type { ContactFields } from '../../../contracts/contacts/fields.ts';

// The contacts read model (migrations/0016_contacts.ts).
declare module '../../db/schema.ts' {
  interface Database {
    contacts: ContactsTable;
    contact_notes: { id: number; contact_id: number; account_id: number; author_id: number; text: string; created_at: Date; edited_at: Date | null };
    contact_note_revisions: { note_id: number; text: string; replaced_at: Date };
    contact_lists: { id: number; account_id: number; name: string; description: string; created_by: number; created_at: Date; updated_at: Date; filter: StoredListFilter | string | null };
    contact_list_members: { list_id: number; contact_id: number; position: number; added_at: Date };
    contact_not_duplicates: { account_id: number; contact_id: number; other_id: number };
    contact_suppressions: { account_id: number; email: string; since: Date };
    contact_recommendation_dismissals: { account_id: number; user_id: number; dismissed_by: number; dismissed_at: Date };
    contact_facet_counts: { account_id: number; facet: 'all' | 'beat' | 'outlet' | 'country' | 'tag'; value: string; contacts: number; with_email: number };
  }
}

export interface ContactsTable {
  id: number;
  account_id: number;
  user_id: number | null;
  name: string;
  job_title: string | null;
  outlets: string[];
  companies: string[];
  beats: number[];
  emails: string[];
  phones: ContactFields['phones'] | string;
  links: ContactFields['links'] | string;
  addresses: ContactFields['addresses'] | string;
  timezone: string | null;
  country: string | null;
  tags: string[];
  do_not_contact: boolean;
  created_at: Date;
  updated_at: Date;
}
