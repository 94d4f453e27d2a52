import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api/index.ts';
import { currentUserKey } from './currentUser.ts';
import { developmentHostQuery } from './developmentHost.ts';
import { endSession, followOtherTabs, leaveLapsedSession, sessionLapseAtom, signedIn, signOut } from './session.ts';
import { appStore } from './store.ts';
import { currentUserLike } from './testUser.ts';

const jo = currentUserLike({ id: 7, email: 'jo@example.com' });
const ana = currentUserLike({ id: 9, email: 'ana@example.com', firstname: 'Ana' });
const pageKey = ['posts', 'list'];

let queryClient: QueryClient;
let requests: string[];
let otherTab: BroadcastChannel;
let heard: unknown[];

function answer(user = jo) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push(`${init.method} ${url}`);
      if (url === '/api/v1/current_user/info') return new Response(JSON.stringify(user), { status: 200, headers: { 'content-type': 'application/json' } });
      return new Response(null, { status: 204 });
    }),
  );
}

/** What another tab hears, once the channel has delivered. */
async function otherTabHeard(): Promise<unknown[]> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return heard;
}

function signedInAs(user = jo) {
  queryClient.setQueryData(currentUserKey, user);
  queryClient.setQueryData(pageKey, ['a post read for them']);
  queryClient.setQueryData(developmentHostQuery.queryKey, true);
}

beforeEach(() => {
  queryClient = new QueryClient();
  requests = [];
  heard = [];
  appStore.set(sessionLapseAtom, null);
  configureApi({ notify: vi.fn(), onUnauthorized: vi.fn(), report: vi.fn() });
  answer();
  otherTab = new BroadcastChannel('pressroom:session');
  otherTab.onmessage = (event) => heard.push(event.data);
});

afterEach(() => {
  otherTab.close();
  vi.unstubAllGlobals();
});

describe('the end of a session (spec section 4)', () => {
  it('a 401 or 403: authenticated becomes false, the page keeps what it read, the server and the other tabs are told', async () => {
    signedInAs(jo);
    await expect(endSession(queryClient)).resolves.toBe(true);
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();
    expect(appStore.get(sessionLapseAtom)).toEqual({ userId: 7, email: 'jo@example.com', reason: 'ended' });
    expect(queryClient.getQueryData(pageKey)).toEqual(['a post read for them']);
    expect(requests).toEqual(['POST /api/v1/auth/sign_out']);
    expect(await otherTabHeard()).toEqual([{ kind: 'ended' }]);
  });

  it('ends once: the 401s that follow, and a guest’s, change nothing', async () => {
    signedInAs(jo);
    await endSession(queryClient);
    await expect(endSession(queryClient)).resolves.toBe(false);
    expect(requests).toHaveLength(1);
    appStore.set(sessionLapseAtom, null);
    await expect(endSession(new QueryClient())).resolves.toBe(false);
    expect(appStore.get(sessionLapseAtom)).toBeNull();
  });

  it('an explicit sign-out is no lapse: nothing read for the person stays, and the other tabs are told', async () => {
    signedInAs(jo);
    await signOut(queryClient);
    expect(appStore.get(sessionLapseAtom)).toBeNull();
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();
    expect(queryClient.getQueryData(pageKey)).toBeUndefined();
    expect(queryClient.getQueryData(developmentHostQuery.queryKey)).toBe(true);
    expect(await otherTabHeard()).toEqual([{ kind: 'ended' }]);
  });

  it('turning the modal down forgets the lapsed page', async () => {
    signedInAs(jo);
    await endSession(queryClient);
    leaveLapsedSession(queryClient);
    expect(appStore.get(sessionLapseAtom)).toBeNull();
    expect(queryClient.getQueryData(pageKey)).toBeUndefined();
  });
});

describe('signing in again', () => {
  it('the same person: the user is reloaded, the lapse ends and the page is read again, keeping what it shows meanwhile', async () => {
    signedInAs(jo);
    await endSession(queryClient);
    await otherTabHeard();
    heard = [];
    signedIn(queryClient, jo);
    expect(queryClient.getQueryData(currentUserKey)).toEqual(jo);
    expect(appStore.get(sessionLapseAtom)).toBeNull();
    expect(queryClient.getQueryState(pageKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(pageKey)).toEqual(['a post read for them']);
    expect(await otherTabHeard()).toEqual([{ kind: 'signedIn', userId: 7 }]);
  });

  it('someone else: nothing read for the person before is shown to them', async () => {
    signedInAs(jo);
    await endSession(queryClient);
    signedIn(queryClient, ana);
    expect(queryClient.getQueryData(currentUserKey)).toEqual(ana);
    expect(queryClient.getQueryData(pageKey)).toBeUndefined();
  });
});

describe('other tabs', () => {
  it('a sign-out in another tab is a lapse here, with no call to the server', async () => {
    signedInAs(jo);
    const stop = followOtherTabs(queryClient, vi.fn());
    otherTab.postMessage({ kind: 'ended' });
    await vi.waitFor(() => expect(appStore.get(sessionLapseAtom)).toEqual({ userId: 7, email: 'jo@example.com', reason: 'elsewhere' }));
    expect(queryClient.getQueryData(currentUserKey)).toBeNull();
    expect(requests).toEqual([]);
    stop();
  });

  it('a sign-in in another tab signs this one in too: the user is read, and the guards run', async () => {
    signedInAs(jo);
    const onSignedIn = vi.fn();
    const stop = followOtherTabs(queryClient, onSignedIn);
    otherTab.postMessage({ kind: 'ended' });
    await vi.waitFor(() => expect(appStore.get(sessionLapseAtom)).not.toBeNull());
    otherTab.postMessage({ kind: 'signedIn', userId: 7 });
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(requests).toEqual(['GET /api/v1/current_user/info']);
    expect(queryClient.getQueryData(currentUserKey)).toEqual(jo);
    expect(appStore.get(sessionLapseAtom)).toBeNull();
    stop();
  });

  it('a sign-in of the person this tab already has changes nothing', async () => {
    signedInAs(jo);
    const onSignedIn = vi.fn();
    const stop = followOtherTabs(queryClient, onSignedIn);
    otherTab.postMessage({ kind: 'signedIn', userId: 7 });
    await otherTabHeard();
    expect(requests).toEqual([]);
    expect(onSignedIn).not.toHaveBeenCalled();
    stop();
  });
});
