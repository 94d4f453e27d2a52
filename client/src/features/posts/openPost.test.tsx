import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider, useRouterState } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearToasts, Toaster } from '../../ui/index.ts';
import { modalFromSearch } from './modalQuery.ts';
import { usePostModal, type PostModalControls } from './openPost.ts';

let controls: PostModalControls;

function Probe() {
  controls = usePostModal();
  const location = useRouterState({ select: (state) => state.location });
  const target = modalFromSearch(location.search as Record<string, unknown>);
  return (
    <output data-testid="where">
      {location.pathname} {target ? `${target.kind}:${target.id}${target.edit ? ':edit' : ''}${target.cid ? `:cid${target.cid}` : ''}` : 'closed'}
    </output>
  );
}

function mount(initial: string) {
  const history = createMemoryHistory({ initialEntries: [initial] });
  const root = createRootRoute();
  const routes = [createRoute({ getParentRoute: () => root, path: '/', component: Probe }), createRoute({ getParentRoute: () => root, path: 'community/$slug', component: Probe }),
    createRoute({ getParentRoute: () => root, path: 'stories/$id', component: Probe }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history });
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, history };
}

const where = () => screen.getByTestId('where').textContent;
const settle = (text: string) => waitFor(() => expect(where()).toBe(text));

describe('usePostModal', () => {
  it('opening pushes the query; closing goes back in history', async () => {
    const { history } = mount('/community/press');
    await settle('/community/press closed');
    act(() => controls.open('callout', 12));
    await settle('/community/press callout:12');
    expect(history.length).toBe(2);
    act(() => controls.close());
    await settle('/community/press closed');
    expect(history.location.search).toBe('');
  });

  it('closing from edit=1 goes back over both entries; leaving edit returns to the view', async () => {
    const { history } = mount('/');
    await settle('/ closed');
    act(() => controls.open('event', 3));
    await settle('/ event:3');
    act(() => controls.open('event', 3, { edit: true }));
    await settle('/ event:3:edit');
    act(() => controls.leaveEdit());
    await settle('/ event:3');
    act(() => controls.open('event', 3, { edit: true }));
    await settle('/ event:3:edit');
    act(() => controls.close());
    await settle('/ closed');
    expect(history.location.pathname).toBe('/');
  });

  it('a deep link has no history to go back to: closing replaces the state', async () => {
    const { history } = mount('/?callout=12&cid=5');
    await settle('/ callout:12:cid5');
    act(() => controls.close());
    await settle('/ closed');
    expect(history.length).toBe(1);
  });

  it('browser back closes it', async () => {
    const { history } = mount('/');
    await settle('/ closed');
    act(() => controls.open('job', 8, { cid: 4 }));
    await settle('/ job:8:cid4');
    act(() => history.back());
    await settle('/ closed');
  });

  it('a story opens its own page with the comment id', async () => {
    const { history } = mount('/');
    await settle('/ closed');
    act(() => controls.open('story', 6, { cid: 2 }));
    await waitFor(() => expect(history.location.pathname).toBe('/stories/6'));
    expect(history.location.search).toBe('?cid=2');
  });

  it("an unsupported post type stays where it is and says 'Unsupported type' (spec section 8)", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { history } = mount('/');
    await settle('/ closed');
    act(() => controls.open('poll' as never, 4));
    expect(await screen.findByText('Unsupported type')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Unsupported type', 'poll');
    expect(history.length).toBe(1);
    error.mockRestore();
    act(() => clearToasts());
  });
});
