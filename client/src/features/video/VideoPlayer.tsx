import { useEffect, useId, useRef, useState } from 'react';
import type Hls from 'hls.js';
import { VIDEO_FAILED_LINE, type VideoView } from '../../../../contracts/posts/media.ts';
import { ErrorIcon, PlayIcon } from '../../ui/icons.tsx';
import { useLatestVideo, useVideoProgress, type VideoAttachment } from './live.ts';
import {
  availableQualities,
  formatDuration,
  isPlaylist,
  levelForQuality,
  lowestLevel,
  playbackSource,
  qualityOfLevel,
  rememberedQuality,
  rememberQuality,
  spokenDuration,
  startingChoice,
  VIDEO_QUALITIES,
  type BrowserAbilities,
  type PlaybackSource,
  type QualityChoice,
  type Rendition,
  type VideoQuality,
} from './quality.ts';
import './video.css';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

function browserAbilities(): BrowserAbilities {
  const probe = document.createElement('video');
  return {
    nativeHls: probe.canPlayType(HLS_TYPE) !== '',
    mediaSource: typeof window.MediaSource === 'function' || typeof (window as { ManagedMediaSource?: unknown }).ManagedMediaSource === 'function',
  };
}

export type VideoPlayerProps = { video: VideoView; title: string };

/**
 * A video as the spec shows it: processing (cover or placeholder, live progress for its author),
 * failed (the line), or playable, then over HLS in the quality the connection or the person
 * picks, the lowest one first.
 */
export function VideoPlayer({ video: shown, title }: VideoPlayerProps) {
  const video = useLatestVideo(shown);
  if (video.status === 'processing') return <ProcessingVideo video={video} title={title} />;
  if (video.status === 'failed') return <UnplayableVideo line={video.error ?? VIDEO_FAILED_LINE} title={title} />;
  return <PlayableVideo key={video.id} video={video} title={title} />;
}

/**
 * A video attached to a comment or a community post. One that comes without its state (an
 * attachment from before videos were transcoded) plays its file as uploaded.
 */
export function AttachedVideo({ item, className }: { item: VideoAttachment; className?: string }) {
  const hls = isPlaylist(item.path);
  const video: VideoView = item.video ?? {
    id: item.id,
    coverUrl: item.thumbnail,
    url: item.path,
    fallbackUrl: hls ? null : item.path,
    duration: item.length,
    status: 'processed',
    qualityUrls: {},
    error: null,
  };
  return (
    <div className={className}>
      <VideoPlayer video={video} title="Attached video" />
    </div>
  );
}

function ProcessingVideo({ video, title }: VideoPlayerProps) {
  const progress = useVideoProgress(video.id);
  return (
    <figure className="video video--waiting" aria-label={title}>
      {video.coverUrl ? <img className="video__cover" src={video.coverUrl} alt="" /> : <div className="video__placeholder" aria-hidden="true" />}
      <figcaption className="video__status" role="status">
        <span className="video__spinner" aria-hidden="true" />
        <span>Processing…</span>
        {progress !== null && (
          <>
            <progress className="video__progress" max={100} value={progress} aria-label="Processing progress" />
            <span className="video__percent">{Math.round(progress)}%</span>
          </>
        )}
      </figcaption>
    </figure>
  );
}

function UnplayableVideo({ line, title }: { line: string; title: string }) {
  return (
    <figure className="video video--waiting video--failed" aria-label={title}>
      <div className="video__placeholder" aria-hidden="true" />
      <figcaption className="video__status" role="status">
        <ErrorIcon width="18" height="18" aria-hidden="true" />
        <span>{line}</span>
      </figcaption>
    </figure>
  );
}

/** The browser's media element, played through hls.js, its own HLS or the MP4, as it can. */
function PlayableVideo({ video: latest, title }: VideoPlayerProps) {
  const element = useRef<HTMLVideoElement>(null);
  const hls = useRef<Hls | null>(null);
  const [abilities] = useState(browserAbilities);
  const [choice, setChoice] = useState<QualityChoice>(() => startingChoice(latest, rememberedQuality()));
  const choiceRef = useRef(choice);
  choiceRef.current = choice;
  const [levels, setLevels] = useState<Rendition[]>([]);
  const [level, setLevel] = useState<number | null>(null);
  const [fellBack, setFellBack] = useState(false);
  const [broken, setBroken] = useState(false);
  const [started, setStarted] = useState(false);
  // The higher renditions land after a video first plays, under a new master playlist: one
  // being watched goes on with the playlist it started with rather than starting over.
  const watched = useRef<VideoView | null>(null);
  if (started && !watched.current) watched.current = latest;
  const video = watched.current ?? latest;
  const selectId = useId();
  const durationId = useId();

  const source: PlaybackSource = fellBack ? { kind: 'file', src: video.fallbackUrl ?? video.url } : playbackSource(video, choice, abilities);

  // hls.js takes the element only once the person presses play. An attached MediaSource keeps the
  // element loading, and the browser's controls spin for it as long as the page is open: a feed of
  // paused videos would burn a core and fetch their playlists for nothing.
  useEffect(() => {
    const media = element.current;
    if (source.kind !== 'hls.js' || !media || !started) return;
    let cancelled = false;
    let player: Hls | null = null;
    void import('hls.js/light').then(({ default: HlsPlayer, Events, ErrorTypes }) => {
      if (cancelled) return;
      if (!HlsPlayer.isSupported()) return setFellBack(true);
      player = new HlsPlayer({ capLevelToPlayerSize: false });
      hls.current = player;
      let recovered = false;
      player.on(Events.MANIFEST_PARSED, (_event, data) => {
        const renditions = data.levels.map((one) => ({ width: one.width, height: one.height }));
        setLevels(renditions);
        const fixed = choiceRef.current;
        const start = fixed === 'auto' ? lowestLevel(renditions) : (levelForQuality(renditions, fixed) ?? lowestLevel(renditions));
        player!.startLevel = start;
        if (fixed !== 'auto') player!.loadLevel = start;
        setLevel(start);
      });
      player.on(Events.LEVEL_SWITCHED, (_event, data) => setLevel(data.level));
      player.on(Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // One decode hiccup is hls.js's to mend; anything else plays the MP4 (spec: the fallback).
        if (data.type === ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          player!.recoverMediaError();
          return;
        }
        player!.destroy();
        hls.current = null;
        setFellBack(true);
      });
      player.loadSource(source.src);
      // The element was told to play before it had a source; it plays once hls.js feeds it.
      player.attachMedia(media);
    });
    return () => {
      cancelled = true;
      player?.destroy();
      hls.current = null;
    };
  }, [source.kind, source.src, started]);

  // Safari's own HLS, or the MP4: a new source starts again where the person was.
  const resumeAt = useRef<{ time: number; playing: boolean } | null>(null);
  const choose = (next: QualityChoice) => {
    rememberQuality(next);
    setChoice(next);
    const media = element.current;
    if (hls.current) {
      hls.current.currentLevel = next === 'auto' ? -1 : (levelForQuality(hls.current.levels, next) ?? -1);
    } else if (media && media.currentTime > 0) {
      resumeAt.current = { time: media.currentTime, playing: !media.paused };
    }
  };

  const qualities = menuQualities(video, source, levels);
  const playingQuality = source.kind === 'hls.js' && level !== null ? qualityOfLevel(levels, level) : choice === 'auto' ? null : choice;

  if (broken) return <UnplayableVideo line="This video cannot be played in this browser" title={title} />;
  const waitingForPlay = source.kind === 'hls.js' && !started;

  return (
    <figure className="video" aria-label={title} data-playback={source.kind} data-quality={playingQuality ?? undefined}>
      <div className="video__frame">
        <video
          ref={element}
          className="video__player"
          src={source.kind === 'hls.js' ? undefined : source.src}
          poster={video.coverUrl ?? undefined}
          controls={!waitingForPlay}
          playsInline
          preload={source.kind === 'hls.js' ? 'none' : 'metadata'}
          aria-label={title}
          aria-describedby={video.duration !== null ? durationId : undefined}
          onPlay={() => setStarted(true)}
          onLoadedMetadata={(event) => {
            const resume = resumeAt.current;
            resumeAt.current = null;
            if (!resume) return;
            event.currentTarget.currentTime = resume.time;
            if (resume.playing) void event.currentTarget.play().catch(() => undefined);
          }}
          onError={() => {
            if (source.kind === 'file') setBroken(true);
            else setFellBack(true);
          }}
        />
        {waitingForPlay && (
          // Called inside the click, play() keeps the person's gesture: sound is allowed.
          <button type="button" className="video__start" aria-label={`Play ${title}`} onClick={() => void element.current?.play().catch(() => undefined)}>
            <PlayIcon width="28" height="28" />
          </button>
        )}
        {video.duration !== null && (
          <span id={durationId} className={`video__duration${started ? ' video__duration--hidden' : ''}`}>
            <span aria-hidden="true">{formatDuration(video.duration)}</span>
            <span className="visually-hidden">Duration {spokenDuration(video.duration)}</span>
          </span>
        )}
      </div>
      {qualities.length > 1 && (
        <div className="video__quality">
          <label htmlFor={selectId}>Quality</label>
          <select id={selectId} value={choice} onChange={(event) => choose(event.target.value as QualityChoice)}>
            <option value="auto">{choice === 'auto' && playingQuality ? `Auto (${playingQuality}p)` : 'Auto'}</option>
            {qualities.map((quality) => (
              <option key={quality} value={quality}>
                {quality}p
              </option>
            ))}
          </select>
        </div>
      )}
    </figure>
  );
}

/** What the menu offers: the renditions hls.js found in the playlist, else those the view lists; none for the MP4. */
function menuQualities(video: VideoView, source: PlaybackSource, levels: readonly Rendition[]): VideoQuality[] {
  if (source.kind === 'file') return [];
  if (source.kind === 'hls.js' && levels.length > 0) {
    const found = new Set(levels.map((_, index) => qualityOfLevel(levels, index)));
    return VIDEO_QUALITIES.filter((quality) => found.has(quality));
  }
  return availableQualities(video);
}
