import { useState } from 'react';
import { DEFAULT_VIDEO_SECONDS, type AnsweringView, type QuestionView } from '../../../../contracts/interviews/api.ts';
import { Button } from '../../ui/Button.tsx';
import { VideoPlayer } from '../video/VideoPlayer.tsx';
import { VideoRecorder } from '../video/VideoRecorder.tsx';
import type { AnswerBody, AnswerChannel } from './channel.ts';
import { answerTo } from './steps.ts';

type VideoAnswerProps = {
  channel: AnswerChannel;
  view: AnsweringView;
  question: QuestionView;
  busy: boolean;
  onAnswer: (body: AnswerBody) => void;
  /** Goes on with the answer already given. */
  onKeep: () => void;
};

/**
 * A video question: the recorder with the question's time limit, think time and retakes, its
 * takes kept on a shelf of their own; or, once answered, the answer with the choice to keep it
 * or record again.
 */
export function VideoAnswer({ channel, view, question, busy, onAnswer, onKeep }: VideoAnswerProps) {
  const given = answerTo(view, question.id)?.video ?? null;
  const [recording, setRecording] = useState(given === null);
  const owner = channel.recordingOwner(view, question.id);

  if (given && !recording) {
    return (
      <div className="answers__given">
        <VideoPlayer video={given} title="Your answer" />
        <div className="answers__actions">
          <Button onClick={onKeep}>Keep this answer</Button>
          <Button variant="secondary" onClick={() => setRecording(true)}>
            Record again
          </Button>
        </div>
      </div>
    );
  }
  if (owner === null) return null;
  return (
    <div className={busy ? 'answers__recorder answers__recorder--busy' : 'answers__recorder'} aria-busy={busy || undefined}>
      <VideoRecorder
        key={String(owner)}
        owner={owner}
        {...(channel.uploads ? { uploads: channel.uploads } : {})}
        limitSeconds={question.timeLimitSeconds ?? DEFAULT_VIDEO_SECONDS}
        retakes={question.retakes}
        thinkSeconds={question.thinkSeconds}
        // The question's heading has the focus when the screen opens; Record again hands it over.
        focusOnOpen={given !== null}
        onUploaded={(upload) => onAnswer({ video: upload.id })}
        {...(given ? { onCancel: () => setRecording(false) } : {})}
      />
    </div>
  );
}
