import { useEffect, useRef, useState, type ReactElement } from 'react';
import { createExternalStore } from './externalStore.ts';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons.tsx';
import './toast.css';

export type ToastType = 'info' | 'error' | 'warning' | 'success';
export type ToastInput = { type: ToastType; title?: string; lines: string[]; duration?: number };

/** Spec sections 4 and 9: toasts close by themselves after 5000 ms (normal) or 8000 ms (long). */
export const TOAST_DURATION = { normal: 5000, long: 8000 } as const;
/** The enter and leave transition (spec section 9). */
export const TOAST_TRANSITION_MS = 300;

type Toast = ToastInput & { id: number; duration: number; leaving: boolean };

const store = createExternalStore<readonly Toast[]>([]);
let nextId = 1;

// An error is read more slowly than a confirmation, and often holds several lines.
function defaultDuration(type: ToastType): number {
  return type === 'error' ? TOAST_DURATION.long : TOAST_DURATION.normal;
}

/** Shows a toast; callable from anywhere (the API client's error catalogue, event handlers). */
export function showToast(input: ToastInput): void {
  const toast: Toast = { ...input, id: nextId++, duration: input.duration ?? defaultDuration(input.type), leaving: false };
  store.set([...store.get(), toast]);
}

/** Starts a toast's leave transition and removes it once the transition is over. */
export function dismissToast(id: number): void {
  const toast = store.get().find((candidate) => candidate.id === id);
  if (!toast || toast.leaving) return;
  store.set(store.get().map((candidate) => (candidate.id === id ? { ...candidate, leaving: true } : candidate)));
  setTimeout(() => store.set(store.get().filter((candidate) => candidate.id !== id)), TOAST_TRANSITION_MS);
}

/** Removes every toast at once, without a transition (a sign-out, a test's clean slate). */
export function clearToasts(): void {
  store.set([]);
}

const icons: Record<ToastType, ReactElement> = {
  info: <InfoIcon />,
  success: <SuccessIcon />,
  warning: <WarningIcon />,
  error: <ErrorIcon />,
};

/** Rendered once by the app shell: the stack of toasts in the top corner. */
export function Toaster() {
  const current = store.use();
  return (
    <section className="toaster" aria-label="Notifications">
      {/* Not a list: each toast is a live region of its own, which a list item may not be. */}
      <div className="toaster__list">
        {current.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(toast.duration);
  // A person reading with the pointer, or tabbing to the close button, must not lose the text midway.
  const paused = hovered || focused;

  useEffect(() => {
    if (paused || toast.leaving) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, toast.leaving, toast.id]);

  const [first] = toast.lines;
  return (
    <div
      className={`toast toast--${toast.type}${toast.leaving ? ' toast--leaving' : ''}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <span className="toast__icon">{icons[toast.type]}</span>
      <div className="toast__body">
        {toast.title && <p className="toast__title">{toast.title}</p>}
        {toast.lines.length === 1 ? (
          <p className="toast__line">{first}</p>
        ) : (
          <ul className="toast__lines">
            {toast.lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <CloseIcon width="16" height="16" />
      </button>
    </div>
  );
}
