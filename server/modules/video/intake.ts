import type { Kysely } from 'kysely';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { Core } from '../../core.ts';
import type { Tx } from '../../events/types.ts';
import { ValidationFailed } from '../../errors.ts';
import { videoDecider, videoStream } from './commands.ts';
import { probe } from './ffmpeg.ts';
import { queueTranscode } from './jobs.ts';

/** What an upload route needs of the video pipeline: a judgement of the file, then the hand-over. */
export interface VideoIntake {
  /** Refuses (422) a file that holds no video or runs longer than allowed. */
  check(file: string): Promise<void>;
  /**
   * Records the upload with `insert` and queues its transcode, in one transaction: an upload
   * row never exists without its VideoUploaded and its job.
   */
  accept<T extends { id: number; path: string }>(ownerId: number, metadata: EventMetadata, insert: (trx: Kysely<any> & Tx) => Promise<T>): Promise<T>;
}

export const NOT_A_VIDEO = 'This file type is not supported';

export function videoIntake(core: Core, options: { maxSeconds: number; onQueued?: () => void }): VideoIntake {
  return {
    async check(file) {
      const info = await probe(file);
      // Unreadable is not refused here: a truncated or damaged recording is a video that
      // failed, which its owner sees on the post, not a wrong kind of file.
      if (!info) return;
      if (info.width === null) throw new ValidationFailed([NOT_A_VIDEO]);
      if (info.duration !== null && info.duration > options.maxSeconds) throw new ValidationFailed([`This video is longer than ${readableDuration(options.maxSeconds)}`]);
    },
    async accept(ownerId, metadata, insert) {
      const upload = await core.commands.transaction(async (unit) => {
        const row = await insert(unit.trx);
        await unit.run(videoDecider, videoStream(row.id), { type: 'upload', videoId: row.id, ownerId, source: row.path }, metadata);
        await queueTranscode(unit.trx, row.id);
        return row;
      });
      options.onQueued?.();
      return upload;
    },
  };
}

function readableDuration(seconds: number): string {
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
