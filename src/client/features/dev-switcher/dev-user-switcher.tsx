import type { DevUser } from '#core/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import { api, ApiError } from '../../lib/api';

export const DEV_USERS_PATH = '/api/test/users';

/** The user list, or null when the server has no switcher (404 outside development). */
async function fetchDevUsers(signal: AbortSignal): Promise<DevUser[] | null> {
  try {
    return await api.get<DevUser[]>(DEV_USERS_PATH, { signal, quietUnauthorized: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    console.warn('Development user switcher unavailable', error);
    return null;
  }
}

/**
 * Development only: a collapsible DEV panel in the bottom-left corner to sign in as any user.
 * Only a development build renders it (app-routes); it asks the server once and renders
 * nothing unless the server offers the switcher.
 */
export function DevUserSwitcher() {
  const users = useQuery({
    queryKey: [DEV_USERS_PATH],
    queryFn: ({ signal }) => fetchDevUsers(signal),
  });
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const panelId = useId();

  if (!users.data) return null;

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
      window.location.reload();
    } catch (error) {
      // Switch failures are only logged (docs/product.md#user-switcher).
      console.error('Development user switch failed', error);
      setBusy(false);
    }
  }

  return (
    <div
      className={`fixed bottom-3 left-3 z-[90] ${open ? 'w-72' : 'w-20'} max-w-[calc(100vw-1.5rem)] rounded-lg border border-amber-400 bg-amber-50 text-sm text-amber-950 shadow-lg`}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex min-h-11 w-full items-center justify-between gap-2 px-3 font-semibold tracking-wider"
      >
        DEV
        {open ? (
          <ChevronDown aria-hidden className="size-4" />
        ) : (
          <ChevronUp aria-hidden className="size-4" />
        )}
      </button>
      {open ? (
        <div id={panelId} className="flex flex-col gap-2 border-t border-amber-300 p-3">
          <label htmlFor={selectId} className="text-xs font-medium">
            User
          </label>
          <select
            id={selectId}
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            className="min-h-11 w-full rounded-md border border-amber-400 bg-white px-2"
          >
            <option value="">Choose a user…</option>
            {users.data.map((user) => (
              <option key={user.id} value={user.id}>
                {user.email} ({user.role ?? 'no role'}
                {user.profileName ? `, ${user.profileName}` : ''})
              </option>
            ))}
          </select>
          <div className="flex gap-2">
            <button
              type="button"
              disabled={!userId || busy}
              onClick={() =>
                void run(() => api.post('/api/test/switch-user', { userId: Number(userId) }))
              }
              className="min-h-11 flex-1 rounded-md bg-amber-600 px-3 font-medium text-white disabled:opacity-50"
            >
              Switch User
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void run(() => api.post('/api/test/clear-user'))}
              className="min-h-11 rounded-md border border-amber-500 px-3 font-medium disabled:opacity-50"
            >
              Clear
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
