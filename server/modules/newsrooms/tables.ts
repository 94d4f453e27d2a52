import type { Generated } from 'kysely';
import type { NewsroomLinks } from '../../../contracts/newsrooms/api.ts';

// The newsrooms read model and the access links' secrets (migrations/0019_newsrooms.ts).
declare module '../../db/schema.ts' {
  interface Database {
    newsrooms: NewsroomsTable;
    newsroom_managers: { newsroom_id: number; user_id: number; request_id: number; granted_at: Date };
    newsroom_access_links: { request_id: number; newsroom_id: number; user_id: number; code_hash: string; created_at: Generated<Date>; expires_at: Date; used_at: Date | null };
  }
}

export interface NewsroomsTable {
  id: number;
  company_id: number;
  account_id: number;
  slug: string;
  name: string;
  logo_id: number | null;
  logo_path: string | null;
  brand_colour: string | null;
  about: string;
  press_contacts: number[];
  links: NewsroomLinks | string;
  languages: string[];
  is_public: boolean;
  created_by: number;
  created_at: Date;
  updated_at: Date;
}
