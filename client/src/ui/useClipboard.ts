import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: how long the copied flag lasts. */
export const COPIED_FLAG_MS = 1500;

/** Copies text; `copied` is true for 1500 ms after a copy that worked (a "Copied" label, a tick). */
export function useClipboard(): { copy: (text: string) => Promise<boolean>; copied: boolean } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard (an insecure origin) or permission refused: nothing was copied, so no flag.
      setCopied(false);
      return false;
    }
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_FLAG_MS);
    return true;
  }, []);

  return { copy, copied };
}
