import type { VideoEvent } from '../../../contracts/video/index.ts';
import type { Decider } from '../../events/decider.ts';
import { Conflict } from '../../errors.ts';
import type { TranscodeResult } from './transcode.ts';

export const videoStream = (videoId: number) => `video-${videoId}`;

/** `complete` once the higher renditions were added (a processed video plays at its lowest before). */
export type VideoState = { status: 'none' | 'processing' | 'processed' | 'failed'; complete: boolean };

/** What a finished transcode made, as public paths. */
export type ProcessedVideo = Omit<TranscodeResult, 'master' | 'fallback' | 'cover'> & { master: string; fallback: string; cover: string; complete: boolean };

/** The rest of the ladder, as public paths. */
export type AddedRenditions = Pick<TranscodeResult, 'master' | 'qualities'>;

export type VideoCommand =
  | { type: 'upload'; videoId: number; ownerId: number; source: string }
  | { type: 'finish'; videoId: number; processed: ProcessedVideo }
  | { type: 'complete'; videoId: number; added: AddedRenditions }
  | { type: 'fail'; videoId: number; reason: string };

/**
 * A video is processed or failed once, and completed once after it was processed. A command
 * for a step already taken decides nothing: a second worker whose lease had run out, finishing
 * the same transcode, appends no second VideoProcessed (and a race of two is settled by the
 * stream's version).
 */
export const videoDecider: Decider<VideoState, VideoCommand, VideoEvent> = {
  initialState: { status: 'none', complete: false },
  evolve(state, event) {
    switch (event.type) {
      case 'VideoUploaded':
        return { status: 'processing', complete: false };
      case 'VideoProcessed':
        return { status: 'processed', complete: false };
      case 'VideoRenditionsAdded':
        return { ...state, complete: true };
      case 'VideoFailed':
        return { status: 'failed', complete: false };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'upload':
        if (state.status !== 'none') throw new Conflict('This video exists already.');
        return [{ type: 'VideoUploaded', data: { videoId: command.videoId, ownerId: command.ownerId, source: command.source } }];
      case 'finish': {
        if (state.status !== 'processing') return [];
        const { master, qualities, fallback, cover, duration, width, height } = command.processed;
        return [{ type: 'VideoProcessed', data: { videoId: command.videoId, master, qualities, fallback, cover, duration, width, height } }];
      }
      case 'complete':
        if (state.status !== 'processed' || state.complete) return [];
        return [{ type: 'VideoRenditionsAdded', data: { videoId: command.videoId, ...command.added } }];
      case 'fail':
        if (state.status !== 'processing') return [];
        return [{ type: 'VideoFailed', data: { videoId: command.videoId, reason: command.reason.slice(0, 1000) } }];
    }
  },
};
