import { useSyncExternalStore } from 'react';

export type Breakpoint = 'mobile' | 'tablet' | 'smallDesktop' | 'mediumDesktop' | 'largeDesktop';

/** Spec section 2: mobile 0-735, tablet 736-915, small desktop 916-1279, medium 1280-1919, large 1920 and up. */
export function breakpointOf(width: number): Breakpoint {
  if (width <= 735) return 'mobile';
  if (width <= 915) return 'tablet';
  if (width <= 1279) return 'smallDesktop';
  if (width <= 1919) return 'mediumDesktop';
  return 'largeDesktop';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, () => breakpointOf(window.innerWidth));
}
