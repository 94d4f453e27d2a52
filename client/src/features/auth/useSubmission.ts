import { useState, type FormEvent } from 'react';
import { errorLines } from './FormErrors.tsx';

/**
 * A form's submit: busy while it runs, the server's lines when it fails. `refuse` may take an
 * error for itself (answering true), as sign-in does when the server asks for a code.
 */
export function useSubmission(work: () => Promise<void>, refuse?: (error: unknown) => boolean) {
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setLines([]);
    try {
      await work();
    } catch (error) {
      if (!refuse?.(error)) setLines(errorLines(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, lines, setLines, submit: (event?: FormEvent) => void submit(event) };
}
