import { NEWSROOM_VISIBILITIES, NEWSROOMS_PAGE, type AdminNewsroomListQuery, type NewsroomVisibility } from '../../../../contracts/newsrooms/api.ts';

/** The admins' newsroom list as the address keeps it, so a search survives a reload and a trip to a newsroom's page. */
export type AdminNewsroomsSearch = { q?: string; visibility?: NewsroomVisibility; page?: number };

/** Reads the address's query; what the API would refuse is dropped, and the first page is no page at all. */
export function adminNewsroomsSearch(search: Record<string, unknown>): AdminNewsroomsSearch {
  const q = typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q).trim().slice(0, 200) : '';
  const visibility = NEWSROOM_VISIBILITIES.find((known) => known === search.visibility);
  const page = Number(search.page);
  const result: AdminNewsroomsSearch = { q: q || undefined, visibility, page: Number.isSafeInteger(page) && page > 1 ? page : undefined };
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined));
}

/** The query of `GET /api/v1/admin/newsrooms` for a search. */
export function adminNewsroomsQuery({ q, visibility, page = 1 }: AdminNewsroomsSearch): Partial<AdminNewsroomListQuery> {
  return { q, visibility, offset: (page - 1) * NEWSROOMS_PAGE, limit: NEWSROOMS_PAGE };
}
