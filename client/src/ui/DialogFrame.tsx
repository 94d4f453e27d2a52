import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { focusableIn } from './focus.ts';
import './dialog.css';

/** Spec sections 4 and 9: the modal animation lasts 200 ms. */
export const MODAL_ANIMATION_MS = 200;

type DialogFrameProps = {
  open: boolean;
  role: 'dialog' | 'alertdialog';
  layer: 'modal' | 'alert-dialog';
  /** Escape pressed while this is the top dialog; absent means Escape does nothing. */
  onEscape?: () => void;
  /** A click on the backdrop (pressed and released there); absent means it does nothing. */
  onBackdrop?: () => void;
  labelledBy?: string;
  ariaLabel?: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
};

// Open dialogs, bottom to top: only the top one answers Escape and keeps Tab inside it. An
// alert dialog is drawn above every modal (its layer), so it is above them here too, even
// when both open in the same render.
const openDialogs: { layer: DialogFrameProps['layer'] }[] = [];
const layerRank = { modal: 0, 'alert-dialog': 1 } as const;

function pushDialog(entry: { layer: DialogFrameProps['layer'] }): void {
  const above = openDialogs.findIndex((other) => layerRank[other.layer] > layerRank[entry.layer]);
  openDialogs.splice(above === -1 ? openDialogs.length : above, 0, entry);
}
let scrollLocks = 0;
let overflowBeforeLock = '';

function lockScroll(): void {
  if (scrollLocks++ === 0) {
    overflowBeforeLock = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
}

function unlockScroll(): void {
  if (--scrollLocks === 0) document.body.style.overflow = overflowBeforeLock;
}

function focusInitial(panel: HTMLElement): void {
  if (panel.contains(document.activeElement)) return;
  const chosen = panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(panel).find((element) => !element.hasAttribute('data-dialog-close'));
  (chosen ?? panel).focus();
}

function keepTabInside(event: KeyboardEvent, panel: HTMLElement): void {
  const focusable = focusableIn(panel);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
  } else if (event.shiftKey && (active === first || !panel.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * What Modal and AlertDialog share: a portal above the page, the backdrop, the 200 ms enter
 * and leave animation, Escape for the top dialog only, focus moved in, trapped and given
 * back to where it was on close, and the page behind kept from scrolling.
 */
export function DialogFrame({ open, role, layer, onEscape, onBackdrop, labelledBy, ariaLabel, describedBy, className, children }: DialogFrameProps) {
  const [present, setPresent] = useState(open);
  const panelRef = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onEscape, onBackdrop });
  handlers.current = { onEscape, onBackdrop };
  const pressedOnBackdrop = useRef(false);

  // Read during render, before any autoFocus inside the dialog moves focus away from it.
  const restoreTo = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) restoreTo.current = document.activeElement;
  wasOpen.current = open;

  useEffect(() => {
    if (open) {
      setPresent(true);
      return;
    }
    const timer = setTimeout(() => setPresent(false), MODAL_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const entry = { layer };
    pushDialog(entry);
    lockScroll();
    focusInitial(panel);
    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== entry) return;
      if (event.key === 'Escape' && handlers.current.onEscape) {
        event.preventDefault();
        handlers.current.onEscape();
      } else if (event.key === 'Tab') {
        keepTabInside(event, panel);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(entry), 1);
      unlockScroll();
      const target = restoreTo.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
  }, [open, layer]);

  if (!open && !present) return null;

  const onMouseDown = (event: MouseEvent) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) handlers.current.onBackdrop?.();
    pressedOnBackdrop.current = false;
  };

  return createPortal(
    <div className={`dialog-backdrop dialog-backdrop--${layer}${open ? '' : ' is-closing'}`} onMouseDown={onMouseDown} onClick={onClick}>
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : ariaLabel}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`dialog${className ? ` ${className}` : ''}`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
