import { useEffect, useState, type KeyboardEvent } from 'react';
import { Checkbox, Input, Select, type InputProps, type SelectProps } from '../../ui/Input.tsx';
import { showToast } from '../../ui/toast.tsx';
import { errorLines } from '../auth/FormErrors.tsx';
import { isCancelled } from './validation.ts';

export const savedLine = (label: string) => `${label} saved.`;

type SaveFieldProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange' | 'error' | 'label'> & {
  label: string;
  /** What the server holds now; the field follows it after each save (the server may normalise it). */
  value: string;
  /** The spec's message for a bad draft, or null; judged before anything is sent. */
  validate?: (draft: string) => string | null;
  save: (draft: string) => Promise<unknown>;
};

/**
 * A text setting that saves on its own: when the person leaves the field or presses Enter,
 * a changed value is judged by the API's schema, sent, and confirmed with a toast; a refusal
 * (the client's or the server's) shows under the field in the spec's words. Escape undoes.
 */
export function SaveField({ label, value, validate, save, onBlur, onKeyDown, ...props }: SaveFieldProps) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => setDraft(value), [value]);

  const commit = async () => {
    if (saving) return;
    if (draft.trim() === value.trim()) {
      setError(null);
      return;
    }
    const problem = validate?.(draft) ?? null;
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await save(draft);
      showToast({ type: 'success', lines: [savedLine(label)] });
    } catch (failure) {
      if (!isCancelled(failure)) setError(errorLines(failure).join(' '));
    } finally {
      setSaving(false);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key === 'Enter') {
      event.preventDefault();
      void commit();
    } else if (event.key === 'Escape') {
      setDraft(value);
      setError(null);
    }
  };

  return (
    <Input
      placeholder=""
      {...props}
      label={label}
      value={draft}
      error={error ?? undefined}
      aria-busy={saving || undefined}
      onChange={(event) => {
        setDraft(event.target.value);
        // Once a problem is shown, it goes away as soon as the draft is right.
        if (error && validate) setError(validate(event.target.value));
      }}
      onBlur={(event) => {
        onBlur?.(event);
        void commit();
      }}
      onKeyDown={handleKeyDown}
    />
  );
}

type SaveSelectProps = Omit<SelectProps, 'value' | 'onChange' | 'error' | 'label'> & {
  label: string;
  value: string;
  save: (next: string) => Promise<unknown>;
  /** The toast after a change; `label saved.` when absent. */
  savedText?: string;
};

/** A choice that saves as soon as it is made, with the same toast and inline refusal. */
export function SaveSelect({ label, value, save, savedText, children, ...props }: SaveSelectProps) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const change = async (next: string) => {
    if (next === value || saving) return;
    setSaving(true);
    setError(null);
    try {
      await save(next);
      showToast({ type: 'success', lines: [savedText ?? savedLine(label)] });
    } catch (failure) {
      if (!isCancelled(failure)) setError(errorLines(failure).join(' '));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Select {...props} label={label} value={value} aria-busy={saving || undefined} error={error ?? undefined} onChange={(event) => void change(event.target.value)}>
      {children}
    </Select>
  );
}

type SaveToggleProps = {
  label: string;
  hint?: string;
  checked: boolean;
  save: (next: boolean) => Promise<unknown>;
  /** The toast after a change; `label saved.` when absent. */
  savedText?: (next: boolean) => string;
};

/** An on/off setting that saves when flipped; it shows the new state at once and goes back if the server refuses. */
export function SaveToggle({ label, hint, checked, save, savedText }: SaveToggleProps) {
  const [shown, setShown] = useState(checked);
  const [saving, setSaving] = useState(false);
  useEffect(() => setShown(checked), [checked]);
  // Not disabled while saving: a disabled control drops the keyboard's focus.
  const flip = async (next: boolean) => {
    if (saving) return;
    setShown(next);
    setSaving(true);
    try {
      await save(next);
      showToast({ type: 'success', lines: [savedText?.(next) ?? savedLine(label)] });
    } catch (failure) {
      setShown(!next);
      if (!isCancelled(failure)) showToast({ type: 'error', lines: errorLines(failure) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Checkbox
      className="settings-toggle"
      role="switch"
      label={label}
      {...(hint ? { hint } : {})}
      checked={shown}
      aria-busy={saving || undefined}
      onChange={(event) => void flip(event.target.checked)}
    />
  );
}
