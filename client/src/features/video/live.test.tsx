import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIDEO_FAILED_LINE, type VideoView } from '../../../../contracts/posts/media.ts';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { postsOf, type PostPages, type ThreadPages } from '../posts/cache.ts';
import { postKeys } from '../posts/queryKeys.ts';
import { callout, comment, thread } from '../posts/testing.ts';
import { applyVideoChanged, forgetLiveVideos, rememberProgress } from './live.ts';
import { VideoPlayer } from './VideoPlayer.tsx';

const processing: VideoView = { id: 9, coverUrl: null, url: '/uploads/originals/9.webm', fallbackUrl: null, duration: null, status: 'processing', qualityUrls: {}, error: null };
const processed: VideoView = {
  id: 9,
  coverUrl: '/uploads/videos/9/cover.jpg',
  url: '/uploads/videos/9/master.m3u8',
  fallbackUrl: '/uploads/videos/9/360.mp4',
  duration: 65,
  status: 'processed',
  qualityUrls: { '480': '/uploads/videos/9/480.m3u8', '360': '/uploads/videos/9/360.m3u8' },
  error: null,
};
const record = (id: number, video: VideoView | null): PostView => ({ ...callout(id), type: 'record', typeLabel: 'Video update', content: '<p>From the newsroom</p>', video }) as PostView;
const changed = (video: VideoView, position = 7) => ({ cursor: `1:${position}`, position, video });

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData<PostPages>(postKeys.list({}), { pages: [{ data: [record(1, processing), record(2, { ...processing, id: 10 }), callout(3)], offset: 0, limit: 20, hasMore: false }], pageParams: [0] });
  queryClient.setQueryData(postKeys.detail(1), record(1, processing));
});
afterEach(forgetLiveVideos);

function OpenPost({ id }: { id: number }) {
  const { data } = useQuery<PostView>({ queryKey: postKeys.detail(id), queryFn: () => Promise.reject(new Error('cached only')), staleTime: Infinity });
  return data && 'video' in data && data.video ? <VideoPlayer video={data.video} title="Video update" /> : null;
}

describe('a video goes from processing to playable without a reload (video:changed)', () => {
  it('patches every cached post showing that video, and only those', () => {
    applyVideoChanged(queryClient, changed(processed));
    const feed = postsOf(queryClient.getQueryData<PostPages>(postKeys.list({})));
    expect(feed.map((post) => ('video' in post ? post.video?.status : null))).toEqual(['processed', 'processing', null]);
    expect(queryClient.getQueryData<Extract<PostView, { type: 'record' }>>(postKeys.detail(1))!.video).toEqual(processed);
  });

  it('gives a comment’s attached video its playlist, cover and length', () => {
    const attachment = { type: 'video' as const, id: 9, path: '/uploads/originals/9.webm', thumbnail: null, length: null };
    const image = { type: 'image' as const, id: 4, path: '/uploads/4.jpg', thumbnail: null, length: null };
    queryClient.setQueryData<ThreadPages>(postKeys.comments(1), {
      pages: [{ data: [thread(20, [comment(21, { parentId: 20, attachments: [attachment] })], { attachments: [image] })], offset: 0, total: 1, hasMore: false }],
      pageParams: [0],
    });
    applyVideoChanged(queryClient, changed(processed));
    const [first] = queryClient.getQueryData<ThreadPages>(postKeys.comments(1))!.pages[0]!.data;
    expect(first!.attachments).toEqual([image]);
    expect(first!.children[0]!.attachments).toEqual([{ ...attachment, path: processed.url, thumbnail: processed.coverUrl, length: 65, video: processed }]);
  });

  it('an open post shows “Processing…”, its author’s progress, then the player with the quality menu and duration', () => {
    render(
      <QueryClientProvider client={queryClient}>
        <OpenPost id={1} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Processing…');
    act(() => rememberProgress(9, 42));
    expect(screen.getByRole('progressbar', { name: 'Processing progress' })).toHaveValue(42);
    expect(screen.getByRole('status')).toHaveTextContent('42%');

    act(() => applyVideoChanged(queryClient, changed(processed)));
    expect(screen.queryByText('Processing…')).toBeNull();
    const player = screen.getByLabelText('Video update', { selector: 'video' });
    // jsdom has neither Media Source nor native HLS: the MP4 of the lowest rendition plays.
    expect(player).toHaveAttribute('src', processed.fallbackUrl);
    expect(player).toHaveAttribute('poster', processed.coverUrl);
    expect(screen.getByText('1:05')).toBeInTheDocument();
    expect(player).toHaveAccessibleDescription('Duration 1 minute 5 seconds');
  });

  it('a failed video shows the line a person can read', () => {
    render(
      <QueryClientProvider client={queryClient}>
        <OpenPost id={1} />
      </QueryClientProvider>,
    );
    act(() => applyVideoChanged(queryClient, changed({ ...processing, status: 'failed', error: VIDEO_FAILED_LINE })));
    expect(screen.getByRole('status')).toHaveTextContent(VIDEO_FAILED_LINE);
  });

  it('a player whose post was not in the cache still hears the change', () => {
    render(<VideoPlayer video={{ ...processing, id: 30 }} title="Reaction" />);
    expect(screen.getByText('Processing…')).toBeInTheDocument();
    act(() => applyVideoChanged(queryClient, changed({ ...processed, id: 30 })));
    expect(screen.getByLabelText('Reaction', { selector: 'video' })).toBeInTheDocument();
    // Progress that arrives after the change brings no bar back.
    act(() => rememberProgress(30, 99));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
