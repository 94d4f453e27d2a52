import type { CommunityRole, CommunityType } from '../../../contracts/communities/api.ts';

// The community read model's tables (migrations/0005_communities.ts), merged into the
// database's table types from here so that the module that owns them also declares them.
declare module '../../db/schema.ts' {
  interface Database {
    communities: CommunitiesTable;
    community_slugs: { slug: string; community_id: number };
    memberships: MembershipsTable;
    join_requests: { community_id: number; user_id: number; requested_at: Date };
  }
}

export interface CommunitiesTable {
  id: number;
  slug: string;
  name: string;
  description: string;
  type: CommunityType;
  country: string | null;
  logo: string | null;
  banner: string | null;
  created_by: number;
  created_at: Date;
  members_count: number;
}

export interface MembershipsTable {
  community_id: number;
  user_id: number;
  role: CommunityRole;
  joined_at: Date;
  last_active_at: Date;
}
