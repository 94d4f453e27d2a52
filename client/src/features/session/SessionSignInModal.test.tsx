import { QueryClientProvider, QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider as StateProvider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api/index.ts';
import { currentUserKey } from './currentUser.ts';
import { endSession, sessionLapseAtom } from './session.ts';
import { SessionSignInModal } from './SessionSignInModal.tsx';
import { appStore } from './store.ts';
import { currentUserLike } from './testUser.ts';

const jo = currentUserLike({ id: 7, email: 'jo@example.com' });

let queryClient: QueryClient;
let releaseSignIn: () => void;

function answerSignIn(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url !== '/api/v1/auth/sign_in') return new Response(null, { status: 204 });
      await new Promise<void>((resolve) => (releaseSignIn = resolve));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

async function mount(path = '/') {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <SessionSignInModal />
      </>
    ),
  });
  const page = createRoute({ getParentRoute: () => root, path: '/', component: () => <button type="button">Like</button> });
  const signIn = createRoute({ getParentRoute: () => root, path: '/sign_in', staticData: { meta: { name: 'signIn', guestOnly: true } }, component: () => <h1>Sign in</h1> });
  const router = createRouter({ routeTree: root.addChildren([page, signIn]), history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <StateProvider store={appStore}>
        <RouterProvider router={router} />
      </StateProvider>
    </QueryClientProvider>,
  );
  await router.load();
  return router;
}

/** The session ends under the person, as a 401 makes it end. */
async function lapse() {
  await act(() => endSession(queryClient));
}

beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData(currentUserKey, jo);
  appStore.set(sessionLapseAtom, null);
  configureApi({ notify: vi.fn(), onUnauthorized: vi.fn(), report: vi.fn() });
  answerSignIn(200, jo);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Each case waits out the spec's real 1 s before the modal opens.
describe('the sign-in modal (spec section 4)', { timeout: 15_000 }, () => {
  it('opens 1 s after the session ends, as a labelled dialog with the email known and focus on the password', async () => {
    await mount();
    await lapse();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' }, { timeout: 5000 });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('Your session has ended. Sign in to carry on where you were.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('jo@example.com');
    await vi.waitFor(() => expect(within(dialog).getByLabelText(/^Password/, { selector: 'input' })).toHaveFocus());
  });

  it('is busy while signing in, then closes with the user reloaded and focus back where it was', async () => {
    const user = userEvent.setup();
    await mount();
    screen.getByRole('button', { name: 'Like' }).focus();
    await lapse();
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' }, { timeout: 5000 });
    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), 'pressroom-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(within(dialog).getByRole('button', { name: 'Sign in' })).toHaveAttribute('aria-busy', 'true');
    act(() => releaseSignIn());
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(queryClient.getQueryData(currentUserKey)).toEqual(jo);
    expect(appStore.get(sessionLapseAtom)).toBeNull();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveFocus();
  });

  it('shows a refused sign-in as a line inside, and stays open', async () => {
    answerSignIn(401, { detail: 'Email or password is not correct.' });
    const user = userEvent.setup();
    await mount();
    await lapse();
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' }, { timeout: 5000 });
    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), 'wrong{Enter}');
    act(() => releaseSignIn());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Email or password is not correct.');
    expect(screen.getByRole('dialog', { name: 'Sign in again' })).toBeInTheDocument();
  });

  it('Escape turns it down: the lapse ends as a sign-out', async () => {
    const user = userEvent.setup();
    await mount();
    await lapse();
    await screen.findByRole('dialog', { name: 'Sign in again' }, { timeout: 5000 });
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(appStore.get(sessionLapseAtom)).toBeNull();
  });

  it('does not open on a sign-in screen, where the page itself is the form', async () => {
    const router = await mount();
    await lapse();
    await act(() => router.navigate({ to: '/sign_in' }));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
