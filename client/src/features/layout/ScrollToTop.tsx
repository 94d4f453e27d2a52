import { useEffect, useState } from 'react';
import { Icon } from './navIcons.tsx';

/** Spec section 9: shown on screens wider than 1530 px once scrolled more than 240 px. */
export const SCROLL_TOGGLE_MIN_WIDTH = 1530;
export const SCROLL_TOGGLE_MIN_SCROLL = 240;

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.innerWidth > SCROLL_TOGGLE_MIN_WIDTH && window.scrollY > SCROLL_TOGGLE_MIN_SCROLL);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  if (!visible) return null;
  return (
    <button type="button" className="scroll-to-top" aria-label="Back to top" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <Icon name="arrowUp" />
    </button>
  );
}
