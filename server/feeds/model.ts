import type { Config } from '../config.ts';
import type { Model } from '../core.ts';
import type { AnyEvent } from '../events/types.ts';
import { streamPushProcessor, type StreamPushLog } from './stream-push.ts';

/** The model plus the Stream mirror of posts, when Stream keys were given (see config.stream.push). */
export function withStreamPush<E extends AnyEvent>(model: Model<E>, stream: Config['stream'], log: StreamPushLog): Model<E> {
  if (!stream.push) return model;
  return { ...model, processors: [...model.processors, streamPushProcessor(stream, log) as never] };
}
