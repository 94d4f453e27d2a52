import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';
import './Tooltip.css';

/** Spec section 9: a hovered trigger shows its tooltip after 300 ms... */
export const TOOLTIP_HOVER_DELAY_MS = 300;
/** ...and, for 200 ms after a click closed it, hovering does not bring it back. */
export const TOOLTIP_CLICK_GUARD_MS = 200;

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: SyntheticEvent) => void;
  onMouseLeave?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
  onBlur?: (event: SyntheticEvent) => void;
  onClick?: (event: SyntheticEvent) => void;
  'aria-describedby'?: string;
};

export type TooltipProps = {
  content: ReactNode;
  /** One element that can hold a ref and take focus (a button, a link). */
  children: ReactElement<TriggerProps>;
  /**
   * 'hover' (default): hover after 300 ms, keyboard focus, and a click toggles; 'click': only
   * a click toggles; 'manual': `open` decides. Any shown tooltip closes on an outside click
   * and on Escape.
   */
  trigger?: 'hover' | 'click' | 'manual';
  open?: boolean;
};

const GAP = 8;
const EDGE = 8;

function placeBeside(trigger: HTMLElement, tip: HTMLElement): CSSProperties {
  const anchor = trigger.getBoundingClientRect();
  const size = tip.getBoundingClientRect();
  const above = anchor.top - size.height - GAP;
  const below = anchor.bottom + GAP;
  const left = Math.min(Math.max(anchor.left + anchor.width / 2 - size.width / 2, EDGE), window.innerWidth - size.width - EDGE);
  return { top: above >= EDGE ? above : below, left: Math.max(left, EDGE) };
}

function chain<E>(...handlers: ((event: E) => void)[]) {
  return (event: E) => {
    for (const handler of handlers) handler(event);
  };
}

export function Tooltip({ content, children, trigger = 'hover', open }: TooltipProps) {
  const id = useId();
  const [shownByPerson, setShown] = useState(false);
  const shown = trigger === 'manual' ? open === true : shownByPerson;
  const [position, setPosition] = useState<CSSProperties>({ top: 0, left: 0 });
  const triggerRef = useRef<HTMLElement | null>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const clickClosedAt = useRef(Number.NEGATIVE_INFINITY);

  const cancelHover = () => clearTimeout(hoverTimer.current);
  const hide = useCallback(() => {
    clearTimeout(hoverTimer.current);
    setShown(false);
  }, []);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const onMouseEnter = () => {
    if (trigger !== 'hover' || Date.now() - clickClosedAt.current < TOOLTIP_CLICK_GUARD_MS) return;
    cancelHover();
    hoverTimer.current = setTimeout(() => setShown(true), TOOLTIP_HOVER_DELAY_MS);
  };
  const onMouseLeave = () => {
    if (trigger === 'hover') hide();
  };
  const onFocus = (event: SyntheticEvent) => {
    // Keyboard focus only: a mouse click focuses the trigger too, and the click decides then.
    if (trigger === 'hover' && (event.target as HTMLElement).matches(':focus-visible')) setShown(true);
  };
  const onBlur = () => {
    if (trigger === 'hover') hide();
  };
  const onClick = () => {
    if (trigger === 'manual') return;
    cancelHover();
    if (shownByPerson) clickClosedAt.current = Date.now();
    setShown(!shownByPerson);
  };

  useEffect(() => {
    if (!shown || trigger === 'manual') return;
    const onPointerDown = (event: Event) => {
      const target = event.target as Node;
      if (!triggerRef.current?.contains(target) && !tipRef.current?.contains(target)) hide();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [shown, trigger, hide]);

  useLayoutEffect(() => {
    if (!shown) return;
    const place = () => {
      if (triggerRef.current && tipRef.current) setPosition(placeBeside(triggerRef.current, tipRef.current));
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [shown]);

  const own = children.props;
  const childRef = own.ref;
  const setTriggerRef = useCallback(
    (element: HTMLElement | null) => {
      triggerRef.current = element;
      if (typeof childRef === 'function') childRef(element);
      else if (childRef) childRef.current = element;
    },
    [childRef],
  );

  const noop = () => {};
  const describedBy = [own['aria-describedby'], shown ? id : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <>
      {cloneElement(children, {
        ref: setTriggerRef,
        onMouseEnter: chain(own.onMouseEnter ?? noop, onMouseEnter),
        onMouseLeave: chain(own.onMouseLeave ?? noop, onMouseLeave),
        onFocus: chain(own.onFocus ?? noop, onFocus),
        onBlur: chain(own.onBlur ?? noop, onBlur),
        onClick: chain(own.onClick ?? noop, onClick),
        'aria-describedby': describedBy,
      })}
      {shown &&
        createPortal(
          <div ref={tipRef} id={id} role="tooltip" className="tooltip" style={position}>
            {content}
          </div>,
          document.body,
        )}
    </>
  );
}
