// The read models of companies, outlets and the people who answer for them
// (migrations/0010_profiles.ts), merged into the database's table types here.
declare module '../../db/schema.ts' {
  interface Database {
    companies: CompaniesTable;
    outlets: OutletsTable;
    company_people: CompanyPeopleTable;
    outlet_people: OutletPeopleTable;
    spokespersons: SpokespersonsTable;
  }
}

export interface CompaniesTable {
  id: number;
  slug: string;
  name: string;
  website: string;
  domain: string;
  logo: string | null;
  registered_by: number;
  created_at: Date;
}

export interface OutletsTable {
  id: number;
  slug: string;
  name: string;
  url: string;
  domain: string;
  registered_by: number;
  created_at: Date;
}

export interface CompanyPeopleTable {
  company_id: number;
  user_id: number;
  roles: string[];
  beats: number[];
  is_media_contact: boolean;
  role_title: string | null;
  joined_at: Date;
}

export interface OutletPeopleTable {
  outlet_id: number;
  user_id: number;
  roles: string[];
  beats: number[];
  role_title: string | null;
  added_at: Date;
}

export interface SpokespersonsTable {
  user_id: number;
  company_id: number;
  roles: string[];
  beats: number[];
  role_title: string | null;
}
