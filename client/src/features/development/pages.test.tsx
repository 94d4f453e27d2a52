import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider, type RouteComponent } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommunityView } from '../../../../contracts/communities/api.ts';
import { AlertDialogHost, clearToasts, Toaster } from '../../ui/index.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { currentUserLike } from '../session/testUser.ts';
import { ButtonsPage } from './ButtonsPage.tsx';
import { DevelopmentPage } from './DevelopmentPage.tsx';
import { EditCommunityPage } from './EditCommunityPage.tsx';
import { ImageCutPage } from './ImageCutPage.tsx';
import { ImageSelectorPage } from './ImageSelectorPage.tsx';
import { MultiselectPage } from './MultiselectPage.tsx';
import { RichTextPage } from './RichTextPage.tsx';

type Answer = { status?: number; body: unknown };
let answers: (method: string, url: string, body: unknown) => Answer;
let requests: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  requests = [];
  answers = () => ({ status: 404, body: { errors: ['Not found'] } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      requests.push({ method, url, body });
      const answer = answers(method, url, body);
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

const user = currentUserLike({
  roles: ['admin'],
  communities: [
    { id: 1, slug: 'health', name: 'Health reporters', icon: null, img: null, description: '', isJoined: true },
    { id: 2, slug: 'tech', name: 'Tech desk', icon: null, img: null, description: '', isJoined: true },
  ],
});

function mount(component: RouteComponent, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(currentUserKey, user);
  const root = createRootRoute();
  const routes = [createRoute({ getParentRoute: () => root, path, component }), createRoute({ getParentRoute: () => root, path: '/development', component: () => <p>Tools</p> })];
  const router = createRouter({ routeTree: root.addChildren(path === '/development' ? routes.slice(0, 1) : routes), history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AlertDialogHost />
      <Toaster />
    </QueryClientProvider>,
  );
}

const readout = (label: string) => screen.getByRole('status', { name: label });

describe('/development', () => {
  it('lists the nine tools with what each shows, and the system status', async () => {
    mount(DevelopmentPage, '/development');
    const tools = await screen.findByRole('list', { name: 'Tools' });
    const links = within(tools).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/development/multiselect',
      '/development/img/selector',
      '/development/img/cut',
      '/development/buttons',
      '/development/videoRecorder',
      '/development/ckeditor',
      '/development/newsroom',
      '/development/hls',
      '/development/edit-community',
      '/status',
    ]);
    expect(within(tools).getByRole('link', { name: /Image cut/ })).toHaveTextContent('never below 33 px a side');
    expect(screen.getByRole('radio', { name: /Full/ })).toBeChecked();
  });
});

describe('/development/multiselect', () => {
  it('selects several user types and communities, and lets one go again', async () => {
    mount(MultiselectPage, '/development/multiselect');
    const journalists = await screen.findByRole('button', { name: 'Journalists' });
    expect(readout('User types')).toHaveTextContent('none');
    fireEvent.click(journalists);
    fireEvent.click(screen.getByRole('button', { name: 'Experts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tech desk' }));
    fireEvent.click(screen.getByRole('button', { name: 'Health reporters' }));
    expect(journalists).toHaveAttribute('aria-pressed', 'true');
    expect(readout('User types')).toHaveTextContent('Journalists, Experts');
    expect(readout('Communities')).toHaveTextContent('Tech desk, Health reporters');
    fireEvent.click(screen.getByRole('button', { name: 'Tech desk' }));
    expect(screen.getByRole('button', { name: 'Tech desk' })).toHaveAttribute('aria-pressed', 'false');
    expect(readout('Communities')).toHaveTextContent(/^Communities: Health reporters$/);
  });
});

describe('/development/img/cut', () => {
  // jsdom lays nothing out: the picture is shown at 600 × 400, half its own 1200 × 800.
  function showPicture(width: number, height: number) {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 600, bottom: 400, width: 600, height: 400, toJSON: () => ({}) });
    const picture = screen.getByRole('img', { name: /Picture to cut/ }) as HTMLImageElement;
    Object.defineProperty(picture, 'naturalWidth', { value: width });
    Object.defineProperty(picture, 'naturalHeight', { value: height });
    fireEvent.load(picture);
  }

  it('starts with most of the picture, in its own pixels', async () => {
    mount(ImageCutPage, '/development/img/cut');
    await screen.findByRole('heading', { name: 'Image cut' });
    showPicture(1200, 800);
    expect(readout('Crop')).toHaveTextContent('960 × 640 px, from 120, 80');
  });

  it('refuses to shrink the crop below 33 px from the keyboard', async () => {
    mount(ImageCutPage, '/development/img/cut');
    await screen.findByRole('heading', { name: 'Image cut' });
    showPicture(1200, 800);
    const rightEdge = screen.getByRole('button', { name: 'Right edge: the left and right arrow keys resize the crop' });
    for (let step = 0; step < 8; step += 1) fireEvent.keyDown(rightEdge, { key: 'ArrowLeft', ctrlKey: true });
    expect(readout('Crop')).toHaveTextContent('33 × 640 px, from 120, 80');
    const bottomEdge = screen.getByRole('button', { name: 'Bottom edge: the up and down arrow keys resize the crop' });
    for (let step = 0; step < 8; step += 1) fireEvent.keyDown(bottomEdge, { key: 'ArrowUp', ctrlKey: true });
    expect(readout('Crop')).toHaveTextContent('33 × 33 px, from 120, 80');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves the crop with the arrow keys, inside the picture', async () => {
    mount(ImageCutPage, '/development/img/cut');
    await screen.findByRole('heading', { name: 'Image cut' });
    showPicture(1200, 800);
    const area = screen.getByRole('group', { name: 'Crop area: the arrow keys move it' });
    fireEvent.keyDown(area, { key: 'ArrowRight', shiftKey: true });
    expect(readout('Crop')).toHaveTextContent('960 × 640 px, from 140, 80');
    for (let step = 0; step < 5; step += 1) fireEvent.keyDown(area, { key: 'ArrowRight', ctrlKey: true });
    expect(readout('Crop')).toHaveTextContent('960 × 640 px, from 240, 80');
  });

  it('cuts the chosen part at its size', async () => {
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    mount(ImageCutPage, '/development/img/cut');
    await screen.findByRole('heading', { name: 'Image cut' });
    showPicture(1200, 800);
    fireEvent.click(screen.getByRole('button', { name: 'Square' }));
    expect(readout('Crop')).toHaveTextContent('800 × 800 px, from 200, 0');
    fireEvent.click(screen.getByRole('button', { name: 'Cut' }));
    expect(screen.getByRole('img', { name: 'The cut, 800 × 800 px' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLImageElement), 200, 0, 800, 800, 0, 0, 800, 800);
  });

  it('refuses a picture smaller than 33 px a side', async () => {
    mount(ImageCutPage, '/development/img/cut');
    await screen.findByRole('heading', { name: 'Image cut' });
    showPicture(40, 20);
    expect(screen.getByRole('alert')).toHaveTextContent('This picture is 40 × 20 px: a cut needs at least 33 px a side.');
    expect(screen.getByRole('button', { name: 'Cut' })).toBeDisabled();
  });
});

describe('/development/img/selector', () => {
  it('uploads the chosen image at once and holds it until it is taken off', async () => {
    answers = (method, url) => (method === 'POST' && url === '/api/v1/uploads' ? { body: { id: 5, path: '/uploads/5/logo.png' } } : { status: 404, body: {} });
    mount(ImageSelectorPage, '/development/img/selector');
    const input = await screen.findByLabelText('Logo');
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(readout('Chosen logo')).toHaveTextContent('upload 5 at /uploads/5/logo.png'));
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/uploads/5/logo.png');
    expect(readout('Chosen banner')).toHaveTextContent('none');
    fireEvent.click(screen.getByRole('button', { name: /^Remove/ }));
    expect(readout('Chosen logo')).toHaveTextContent('none');
  });
});

describe('/development/buttons', () => {
  it('shows every variant, counts clicks on the enabled ones, and asks before deleting', async () => {
    mount(ButtonsPage, '/development/buttons');
    for (const name of ['Primary', 'Secondary', 'Ghost', 'Danger']) {
      expect(await screen.findByRole('button', { name })).toBeEnabled();
      expect(screen.getByRole('button', { name: `${name} disabled` })).toBeDisabled();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Primary' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ghost small' }));
    expect(readout('Clicks')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('button', { name: 'Shared' }));
    expect(readout('Scope')).toHaveTextContent('shared');
    expect(screen.getByText('99+')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this draft?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(readout('The draft')).toHaveTextContent('kept'));
  });

  it('keeps a busy button from being clicked again', async () => {
    vi.useFakeTimers();
    try {
      mount(ButtonsPage, '/development/buttons');
      await act(async () => vi.advanceTimersByTimeAsync(0));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
      await act(async () => vi.advanceTimersByTimeAsync(1500));
      expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('/development/ckeditor', () => {
  it('stores paragraphs and line breaks as rich text, markup as text, and shows it as a post does', async () => {
    mount(RichTextPage, '/development/ckeditor');
    const editor = await screen.findByRole('textbox', { name: 'Text' });
    fireEvent.change(editor, { target: { value: 'First line\nsecond line\n\n<b>Bold?</b> & more' } });
    fireEvent.blur(editor);
    const stored = screen.getByRole('region', { name: 'Stored as' });
    expect(stored).toHaveTextContent('<p>First line<br>second line</p><p>&lt;b&gt;Bold?&lt;/b&gt; &amp; more</p>');
    const shown = screen.getByRole('region', { name: 'Shown as' });
    expect(within(shown).getByText('<b>Bold?</b> & more')).toBeInTheDocument();
    expect(shown.querySelectorAll('p')).toHaveLength(2);
  });
});

describe('/development/edit-community', () => {
  const community = (changes: Partial<CommunityView>): CommunityView => ({
    id: 1,
    slug: 'health',
    name: 'Health reporters',
    description: 'Medicine and care',
    type: 'public',
    country: 'AU',
    logo: null,
    banner: null,
    membersCount: 4,
    isJoined: true,
    joinRequested: false,
    canManage: true,
    ...changes,
  });

  it('lists only the communities you manage and saves what changed', async () => {
    const list = [community({}), community({ id: 2, slug: 'tech', name: 'Tech desk', canManage: false })];
    answers = (method, url, body) => {
      if (method === 'GET' && url.startsWith('/api/v1/communities?')) return { body: { data: list, offset: 0, limit: 100, hasMore: false } };
      if (method === 'PATCH' && url === '/api/v1/communities/health') {
        list[0] = community({ ...(body as Partial<CommunityView>), slug: (body as { newSlug: string }).newSlug });
        return { body: list[0] };
      }
      return { status: 404, body: {} };
    };
    mount(EditCommunityPage, '/development/edit-community');
    const managed = await screen.findByRole('list', { name: 'Communities you manage' });
    expect(within(managed).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(managed).getByRole('button', { name: 'Edit Health reporters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Health reporters' });
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Health reporters');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Address/ }), { target: { value: 'Health-desk' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Who may join' }), { target: { value: 'private' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(readout('Saved')).toHaveTextContent('Health reporters at /community/health-desk, private'));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ newSlug: 'health-desk', type: 'private' });
  });

  it("shows the server's lines under the fields they are about", async () => {
    answers = (method, url) => {
      if (method === 'GET') return { body: { data: [community({})], offset: 0, limit: 100, hasMore: false } };
      if (method === 'PATCH' && url === '/api/v1/communities/health')
        return { status: 422, body: { errors: ['Country must be a two-letter country code', 'That address is taken'], fields: { country: ['Country must be a two-letter country code'] } } };
      return { status: 404, body: {} };
    };
    mount(EditCommunityPage, '/development/edit-community');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Health reporters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Health reporters' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Country/ }), { target: { value: 'A1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^That address is taken$/);
    const country = within(dialog).getByRole('textbox', { name: /Country/ });
    expect(country).toHaveAttribute('aria-invalid', 'true');
    const descriptions = country.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(descriptions).toContain('Country must be a two-letter country code');
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('Country');
  });
});
