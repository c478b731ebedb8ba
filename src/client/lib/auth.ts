import type { User } from '#core/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './api';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;

/** The signed-in user, or null when signed out (a 401 here is an answer, not an error). */
export function useAuth() {
  const query = useQuery({
    queryKey: USER_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<User>('/api/auth/user', { signal, quietUnauthorized: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
    error: query.error,
    refetch: query.refetch,
  };
}

export function signIn(): void {
  window.location.href = '/api/login';
}

const SESSION_ENDED_KEY = 'session-ended';

/**
 * To sign in again after a call answered 401 (the session ended, or the member was removed):
 * the sign-in page, a new page load, is told to say why it is shown.
 */
export function signInAgain(): void {
  try {
    sessionStorage.setItem(SESSION_ENDED_KEY, '1');
  } catch {
    // Storage refused (private mode): the sign-in page shows without the sentence.
  }
  signIn();
}

/**
 * Whether the sign-in page follows an ended session. Read without forgetting it: React may
 * render the page more than once before showing it, and every render must read the same.
 */
export function followsEndedSession(): boolean {
  try {
    return sessionStorage.getItem(SESSION_ENDED_KEY) !== null;
  } catch {
    return false;
  }
}

/** Forgets it once the sign-in page is shown: it says so once. */
export function forgetEndedSession(): void {
  try {
    sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Storage refused: there was nothing kept.
  }
}

export function signOut(): void {
  window.location.href = '/api/logout';
}
