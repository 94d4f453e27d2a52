import { useId, useState } from 'react';
import type { VideoView } from '../../../../contracts/posts/media.ts';
import { storage } from '../../lib/storage.ts';
import { availableQualities, pickQuality, sourceOf, type VideoQuality } from './videoQuality.ts';

const QUALITY_KEY = 'videoQuality';

/** A post's video: the person's chosen quality (remembered), or a processing notice until it is ready. */
export function VideoPlayer({ video, title }: { video: VideoView; title: string }) {
  const [preferred, setPreferred] = useState<VideoQuality | null>(() => storage.get<VideoQuality>(QUALITY_KEY));
  const selectId = useId();
  const available = availableQualities(video);
  const quality = pickQuality(video, preferred);

  if (video.status === 'processing') {
    return (
      <div className="video video--processing" role="status">
        {video.coverUrl && <img className="video__cover" src={video.coverUrl} alt="" />}
        <span className="video__notice">This video is being processed. It will play here once it is ready.</span>
      </div>
    );
  }

  return (
    <div className="video">
      <video className="video__player" src={sourceOf(video, quality)} poster={video.coverUrl ?? undefined} controls preload="metadata" aria-label={title} />
      {available.length > 1 && (
        <div className="video__quality">
          <label htmlFor={selectId}>Quality</label>
          <select
            id={selectId}
            value={quality ?? ''}
            onChange={(event) => {
              const next = event.target.value as VideoQuality;
              setPreferred(next);
              storage.set(QUALITY_KEY, next);
            }}
          >
            {available.map((option) => (
              <option key={option} value={option}>
                {option}p
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
