import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

/** Spec section 9: a lazy route is tried again 3 times, waiting 3000 ms times the attempt number. */
export const LAZY_RETRIES = 3;
export const LAZY_RETRY_DELAY_MS = 3000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function importWithRetry<T>(load: () => Promise<T>, wait: (ms: number) => Promise<void> = sleep): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt > LAZY_RETRIES) throw error;
      await wait(LAZY_RETRY_DELAY_MS * attempt);
    }
  }
}

/** A route component loaded on first use, with the retries above. */
// The export name is a plain string: typing it from the module would make every screen's
// type depend on the route tree that imports it, a cycle TypeScript resolves to `never`.
export function lazyPage(load: () => Promise<Record<string, unknown>>, exportName: string): RouteComponent {
  return lazyRouteComponent(() => importWithRetry(load) as Promise<Record<string, RouteComponent>>, exportName);
}
