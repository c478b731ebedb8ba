import type { User } from '#core/schemas/auth';

/** The id the server gives the page's first state (server/http/app-page). */
const BOOT_STATE_ID = 'boot-state';

export interface BootState {
  user: User | null;
}

/**
 * What the server wrote into the page for its first paint, or null where it wrote nothing (the
 * development server, tests): then the app asks the API as it always did.
 */
export function readBootState(): BootState | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(BOOT_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootState;
  } catch {
    return null;
  }
}
