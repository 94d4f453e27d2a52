import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Companies are authors, so they take their ids from the people's sequence (contact_ids);
  // outlets are only places people work at.
  await sql`create sequence outlet_ids`.execute(db);

  // Read models of the profile settings, companies and outlets (one inline projection).
  // They point at each other only: users and communities belong to other projections, which
  // a replay may empty on their own.
  await sql`
    create table user_profiles (
      user_id bigint primary key,
      organization text,
      country text,
      visibility text not null default 'public' check (visibility in ('public', 'private')),
      contacts jsonb not null default '{}',
      links jsonb not null default '{}',
      addresses jsonb not null default '{}'
    )`.execute(db);

  await sql`
    create table companies (
      id bigint primary key,
      slug text not null unique,
      name text not null,
      website text not null,
      domain text not null unique,
      logo text,
      registered_by bigint not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index companies_by_name on companies (lower(name), id)`.execute(db);
  await sql`
    create table outlets (
      id bigint primary key,
      slug text not null unique,
      name text not null,
      url text not null,
      domain text not null unique,
      registered_by bigint not null,
      created_at timestamptz not null
    )`.execute(db);

  await sql`
    create table company_people (
      company_id bigint not null references companies (id),
      user_id bigint not null,
      roles text[] not null default '{}',
      beats integer[] not null default '{}',
      is_media_contact boolean not null default false,
      role_title text,
      joined_at timestamptz not null,
      primary key (company_id, user_id)
    )`.execute(db);
  await sql`create index company_people_of_user on company_people (user_id)`.execute(db);
  await sql`
    create table outlet_people (
      outlet_id bigint not null references outlets (id),
      user_id bigint not null,
      roles text[] not null default '{}',
      beats integer[] not null default '{}',
      role_title text,
      added_at timestamptz not null,
      primary key (outlet_id, user_id)
    )`.execute(db);
  await sql`create index outlet_people_of_user on outlet_people (user_id)`.execute(db);
  await sql`
    create table spokespersons (
      user_id bigint primary key,
      company_id bigint not null references companies (id),
      roles text[] not null default '{}',
      beats integer[] not null default '{}',
      role_title text
    )`.execute(db);
  await sql`create index spokespersons_of_company on spokespersons (company_id)`.execute(db);

  await sql`create table community_follows (user_id bigint not null, community_id bigint not null, followed_at timestamptz not null, primary key (user_id, community_id))`.execute(db);
  await sql`create table feed_type_follows (user_id bigint not null, feed_type text not null, followed_at timestamptz not null, primary key (user_id, feed_type))`.execute(db);
  await sql`create table newsletter_subscriptions (user_id bigint not null, newsletter text not null, subscribed_at timestamptz not null, primary key (user_id, newsletter))`.execute(db);
  // Only the choices made: a type without a row is on.
  await sql`create table notification_preferences (user_id bigint not null, type text not null, in_app boolean not null, primary key (user_id, type))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notification_preferences', 'newsletter_subscriptions', 'feed_type_follows', 'community_follows', 'spokespersons', 'outlet_people', 'company_people', 'outlets', 'companies', 'user_profiles']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  await sql`drop sequence outlet_ids`.execute(db);
}
