import type { PostKind } from '../../../../contracts/posts/kinds.ts';

/** Spec section 2 "Post modal": the kinds that open in the modal, each its own query key (stories have a page). */
export const MODAL_KINDS = ['communityPost', 'job', 'callout', 'event', 'record', 'reaction', 'statement'] as const satisfies readonly PostKind[];
export type ModalKind = (typeof MODAL_KINDS)[number];

export type ModalTarget = { kind: ModalKind; id: number; edit: boolean; cid: number | null };
export type Search = Record<string, unknown>;

/** How many history entries the modal pushed: closing goes back over exactly those. */
export const MODAL_DEPTH = 'postModalDepth';

declare module '@tanstack/history' {
  interface HistoryState {
    [MODAL_DEPTH]?: number;
  }
}

export const isModalKind = (kind: string): kind is ModalKind => (MODAL_KINDS as readonly string[]).includes(kind);

// The router parses `?callout=12` to a number; a hand-typed `?callout=012` or `?callout=abc` arrives as a string.
function idOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/** The post the address shows in the modal, if any: the first kind key holding a digits-only id. */
export function modalFromSearch(search: Search): ModalTarget | null {
  for (const kind of MODAL_KINDS) {
    const id = idOf(search[kind]);
    if (id !== null) return { kind, id, edit: String(search.edit) === '1', cid: idOf(search.cid) };
  }
  return null;
}

/** The query without the modal's keys: every kind key, edit and cid. */
export function withoutModal(search: Search): Search {
  const rest: Search = {};
  for (const [key, value] of Object.entries(search)) {
    if (!isModalKind(key) && key !== 'edit' && key !== 'cid') rest[key] = value;
  }
  return rest;
}

/** The query showing this post in the modal (`?callout=12&edit=1&cid=5`), the page's own keys kept. */
export function withModal(search: Search, target: Pick<ModalTarget, 'kind' | 'id'> & { edit?: boolean; cid?: number | null }): Search {
  return {
    ...withoutModal(search),
    [target.kind]: target.id,
    ...(target.edit ? { edit: 1 } : {}),
    ...(target.cid ? { cid: target.cid } : {}),
  };
}

export type CloseAction = { kind: 'back'; steps: number } | { kind: 'replace'; search: Search };

/**
 * Closing removes the query by going back in history over the entries the modal pushed, or by
 * replacing the state when there is no such history (the address was opened as it is).
 */
export function closeAction(depth: number | undefined, search: Search): CloseAction {
  if (depth && depth > 0) return { kind: 'back', steps: depth };
  return { kind: 'replace', search: withoutModal(search) };
}

/** Leaving edit=1 for the post's view: back one entry when editing was pushed on top of it, else replace. */
export function leaveEditAction(depth: number | undefined, search: Search): CloseAction {
  if (depth && depth > 1) return { kind: 'back', steps: 1 };
  const { edit: _edit, ...rest } = search;
  return { kind: 'replace', search: rest };
}
