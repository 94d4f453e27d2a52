import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../../routes/tree.ts';
import { developmentTools } from '../../routes/meta.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { developmentHostQuery } from '../session/developmentHost.ts';
import { currentUserLike } from '../session/testUser.ts';

const admin = currentUserLike({ roles: ['admin'] });
const pages = [{ path: '/development', title: 'Development' }, ...developmentTools.map((tool) => ({ path: `/development/${tool.path}`, title: tool.title }))];
const paths = pages.map((page) => page.path);

/** Where a navigation ends, and the title of the route that shows there. */
async function landingOf(path: string, developmentHost: boolean): Promise<{ path: string; title: string | undefined }> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, admin);
  queryClient.setQueryData(developmentHostQuery.queryKey, developmentHost);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), context: { queryClient } });
  await router.load();
  return { path: router.state.location.pathname, title: router.state.matches.at(-1)?.staticData.meta?.title };
}

describe('development routes (spec section 2)', () => {
  it('are the nine pages the spec names', () => {
    expect(developmentTools.map((tool) => tool.path)).toEqual(['multiselect', 'img/selector', 'img/cut', 'buttons', 'videoRecorder', 'ckeditor', 'newsroom', 'hls', 'edit-community']);
  });

  it.each(pages)('opens $path on a development host', async ({ path, title }) => {
    expect(await landingOf(path, true)).toEqual({ path, title });
  });

  it.each(paths)('answers %s with the not-found page anywhere else', async (path) => {
    expect(await landingOf(path, false)).toEqual({ path: '/error/404', title: 'Page not found' });
  });
});
