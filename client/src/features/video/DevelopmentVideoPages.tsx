import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { VideoView } from '../../../../contracts/posts/media.ts';
import type { UploadView } from '../../../../contracts/uploads.ts';
import { api } from '../../lib/api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Input.tsx';
import { fetchPostPage } from '../posts/api.ts';
import { VideoPlayer } from './VideoPlayer.tsx';
import { VideoRecorder } from './VideoRecorder.tsx';
import '../areas/areas.css';
import './development.css';

const videoQuery = (id: number) => ({
  queryKey: ['videos', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<VideoView>(`/api/v1/videos/${id}`, { signal }),
});

/** One video followed from its upload: as the server has it now, then as the socket says it moves on. */
function FollowedVideo({ id }: { id: number }) {
  const { data, isError } = useQuery(videoQuery(id));
  if (isError) return <p className="dev-video__note">Video {id} could not be read.</p>;
  if (!data) return <p className="dev-video__note">Reading video {id}…</p>;
  return <VideoPlayer video={data} title={`Video ${id}`} />;
}

/** `/development/videoRecorder`: the recorder on its own, then the player of what it uploaded. */
export function VideoRecorderPage() {
  const [uploaded, setUploaded] = useState<UploadView | null>(null);
  return (
    <div className="area">
      <header className="area__header">
        <h1 className="area__title">Video recorder</h1>
        <p className="area__blurb">Record with the camera and microphone, then follow the upload until it plays.</p>
      </header>
      <section className="area__body dev-video" aria-label="Recorder">
        {uploaded ? (
          <>
            <p className="dev-video__note">Uploaded as video {uploaded.id}.</p>
            <FollowedVideo id={uploaded.id} />
            <div>
              <Button variant="secondary" onClick={() => setUploaded(null)}>
                Record another
              </Button>
            </div>
          </>
        ) : (
          <VideoRecorder onUploaded={setUploaded} />
        )}
      </section>
    </div>
  );
}

const VIDEO_KINDS = ['record', 'reaction', 'statement'] as const;

/** `/development/hls`: the player on its own, for any video by its id, and the latest video posts. */
export function HlsPage() {
  const [draft, setDraft] = useState('');
  const [shown, setShown] = useState<number | null>(null);
  const headingId = useId();
  const latest = useQuery({
    queryKey: ['development', 'latest-videos'],
    queryFn: ({ signal }) => fetchPostPage({ types: VIDEO_KINDS }, 0, signal, 6),
  });
  const videos = (latest.data?.data ?? []).flatMap((post) => ('video' in post && post.video ? [{ postId: post.id, label: `${post.typeLabel} ${post.id}`, video: post.video }] : []));
  return (
    <div className="area">
      <header className="area__header">
        <h1 className="area__title">HLS video</h1>
        <p className="area__blurb">The player with its quality menu: pick a video by its id, or watch the latest video posts.</p>
      </header>
      <section className="area__body dev-video" aria-label="Player">
        <form
          className="dev-video__pick"
          onSubmit={(event) => {
            event.preventDefault();
            const id = Number(draft);
            if (Number.isInteger(id) && id > 0) setShown(id);
          }}
        >
          <Input label="Video id" inputMode="numeric" value={draft} onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))} />
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </form>
        {shown !== null && <FollowedVideo key={shown} id={shown} />}
      </section>
      <section className="area__body dev-video" aria-labelledby={headingId}>
        <h2 id={headingId} className="dev-video__heading">
          Latest video posts
        </h2>
        {latest.isPending && <p className="dev-video__note">Loading…</p>}
        {latest.isSuccess && videos.length === 0 && <p className="dev-video__note">No video posts yet.</p>}
        <div className="dev-video__grid">
          {videos.map((item) => (
            <div key={item.postId} className="dev-video__item">
              <h3 className="dev-video__label">{item.label}</h3>
              <VideoPlayer video={item.video} title={item.label} />
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
