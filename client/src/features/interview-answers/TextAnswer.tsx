import { useEffect, useId, useState } from 'react';
import { DEFAULT_TEXT_LENGTH, type AnsweringView, type QuestionView } from '../../../../contracts/interviews/api.ts';
import { storage } from '../../lib/storage.ts';
import { Button } from '../../ui/Button.tsx';
import type { AnswerBody, AnswerChannel } from './channel.ts';
import { answerTo, countLine } from './steps.ts';

type TextAnswerProps = {
  channel: AnswerChannel;
  view: AnsweringView;
  question: QuestionView;
  busy: boolean;
  onAnswer: (body: AnswerBody) => void;
  onKeep: () => void;
};

// A draft outlives a closed tab for a day: long enough to come back to, short enough not to linger.
const DRAFT_DAYS = 1;

/** A written answer, counted as one types against the question's limit, kept as a draft until it is given. */
export function TextAnswer({ channel, view, question, busy, onAnswer, onKeep }: TextAnswerProps) {
  const id = useId();
  const given = answerTo(view, question.id)?.text ?? null;
  const owner = channel.recordingOwner(view, question.id);
  const draftKey = owner === null ? null : `interviewDraft:${owner}`;
  const [text, setText] = useState(() => (draftKey ? storage.get<string>(draftKey) : null) ?? given ?? '');
  const limit = question.maxLength ?? DEFAULT_TEXT_LENGTH;
  const count = countLine(text, limit);
  const unchanged = given !== null && text.trim() === given;
  // The live region's words change only when the text comes near its limit or passes it, so a
  // screen reader hears those moments and not every key; the count itself is read with the field.
  const heard = count.over ? `Over the limit of ${limit} characters` : count.near ? `Near the limit of ${limit} characters` : '';

  useEffect(() => {
    if (!draftKey) return;
    if (text === '' || text.trim() === given) storage.remove(draftKey);
    else storage.set(draftKey, text, { days: DRAFT_DAYS });
  }, [draftKey, text, given]);

  return (
    <form
      className="answers__text"
      onSubmit={(event) => {
        event.preventDefault();
        if (unchanged) onKeep();
        else if (!count.empty && !count.over) onAnswer({ text: text.trim() });
      }}
    >
      <div className={count.over ? 'field field--invalid' : 'field'}>
        <label htmlFor={id} className="field__label">
          Your answer
        </label>
        <textarea
          id={id}
          className="field__input answers__textarea"
          rows={8}
          value={text}
          aria-invalid={count.over || undefined}
          aria-describedby={`${id}-count`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-count`} className={`answers__count${count.over ? ' answers__count--over' : count.near ? ' answers__count--near' : ''}`}>
          {count.text}
        </p>
        <p className="visually-hidden" aria-live="polite">
          {heard}
        </p>
      </div>
      <div className="answers__actions">
        <Button type="submit" loading={busy} disabled={count.empty || count.over}>
          {unchanged ? 'Keep this answer' : 'Save and continue'}
        </Button>
      </div>
    </form>
  );
}
