import { useEffect, useId, useRef, useState } from 'react';
import { ErrorIcon } from '../../ui/icons.tsx';

/** Spec section 9: the editor passes its text on after 300 ms without typing. */
export const EDITOR_DEBOUNCE_MS = 300;

type TextEditorProps = {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  error?: string | undefined;
  required?: boolean;
  rows?: number;
  autoFocus?: boolean;
};

/**
 * The post text: typing stays local and reaches the form 300 ms after the last key (or at
 * once when the person leaves the field, so a click on Post never sends stale text).
 */
export function TextEditor({ label, value, onChange, placeholder, error, required, rows = 4, autoFocus }: TextEditorProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (pending.current === null) setText(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    // Grows with the text like a message box, up to the stylesheet's max-height.
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + 2}px`;
  }, [text]);

  const flush = () => {
    clearTimeout(timer.current);
    if (pending.current === null) return;
    const next = pending.current;
    pending.current = null;
    onChange(next);
  };

  return (
    <div className={['field', 'composer-editor', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <textarea
        ref={area}
        id={id}
        className="field__input composer-editor__area"
        value={text}
        rows={rows}
        placeholder={placeholder}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          pending.current = event.target.value;
          clearTimeout(timer.current);
          timer.current = setTimeout(flush, EDITOR_DEBOUNCE_MS);
        }}
        onBlur={flush}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          <ErrorIcon width="16" height="16" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
