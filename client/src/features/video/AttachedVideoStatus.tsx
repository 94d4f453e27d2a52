import { VIDEO_FAILED_LINE, type VideoView } from '../../../../contracts/posts/media.ts';
import { useLatestVideo, useVideoProgress } from './live.ts';

type Held = { id: number; path: string; thumbnail: string | null; status?: VideoView['status'] | undefined };

/** A video held by a form before it is published, as it stands now: the author sees its transcode move on. */
export function AttachedVideoStatus({ video: held }: { video: Held }) {
  const stub: VideoView = { id: held.id, coverUrl: held.thumbnail, url: held.path, fallbackUrl: null, duration: null, status: held.status ?? 'processing', qualityUrls: {}, error: null };
  const video = useLatestVideo(stub);
  const progress = useVideoProgress(held.id);
  const cover = video.coverUrl;
  const line =
    video.status === 'failed' ? (video.error ?? VIDEO_FAILED_LINE) : video.status === 'processed' ? 'Video ready' : `Video attached, processing${progress !== null ? ` ${Math.round(progress)}%` : ''}`;
  return (
    <>
      {cover && <img src={cover} alt="" className="composer-media__cover" />}
      <span className={cover ? 'composer-media__caption' : undefined} role="status">
        {line}
      </span>
    </>
  );
}
