import type { Role } from '#core/constants';
import type { User } from '#core/schemas/auth';
import { Loader2, Shield, Sprout, Store } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Brand } from '../../components/layout/brand';
import { api } from '../../lib/api';
import { cn } from '../../lib/cn';
import { FarmerView } from './farmer-view';
import { RestaurantView } from './restaurant-view';

const VIEW_LABELS: Record<Role, { label: string; icon: ReactNode }> = {
  restaurant: { label: 'Restaurant', icon: <Store aria-hidden className="size-4" /> },
  farmer: { label: 'Farmer', icon: <Sprout aria-hidden className="size-4" /> },
  admin: { label: 'Admin', icon: <Shield aria-hidden className="size-4" /> },
};

/** The views a user may open: an administrator all three, everyone else their own. */
export function allowedViews(role: Role): Role[] {
  return role === 'admin' ? ['restaurant', 'farmer', 'admin'] : [role];
}

export interface HubPageProps {
  user: User & { role: Role };
  /** The admin dashboard, passed in by the app (features do not import each other). */
  adminView: ReactNode;
  /**
   * The notification bell with its unread dot. Left empty until in-app notifications exist;
   * the app passes their bell here.
   */
  notificationBell?: ReactNode;
}

/**
 * The combined role screen (docs/product.md#combined-role-screen): brand, role switcher
 * and notification bell, then the view of the chosen role. A user starts in their own role.
 */
export function HubPage({ user, adminView, notificationBell }: HubPageProps) {
  const views = allowedViews(user.role);
  const [view, setView] = useState<Role>(user.role);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1">
          <Brand />
          <div
            role="group"
            aria-label="View as"
            className="order-last flex w-full gap-1 rounded-lg bg-stone-100 p-1 sm:order-none sm:w-auto"
          >
            {views.map((role) => (
              <button
                key={role}
                type="button"
                aria-pressed={view === role}
                onClick={() => setView(role)}
                className={cn(
                  'flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium sm:flex-none',
                  view === role
                    ? 'bg-white text-stone-900 shadow-sm'
                    : 'text-stone-600 hover:text-stone-900',
                )}
              >
                {VIEW_LABELS[role].icon}
                {VIEW_LABELS[role].label}
              </button>
            ))}
          </div>
          <div className="ml-auto flex items-center gap-2">{notificationBell}</div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl px-4 py-6">
        {view === 'admin' ? (
          adminView
        ) : view === 'farmer' ? (
          <FarmerView mode={user.role === 'farmer' ? 'own' : 'overview'} />
        ) : (
          <RestaurantView mode={user.role === 'restaurant' ? 'own' : 'overview'} />
        )}
      </main>
    </div>
  );
}

/**
 * /hub for a signed-out browser: a spinner, while a plain request for the user answers 401 and
 * the app's global handler shows 'Unauthorized' and signs in again after 500 ms.
 */
export function HubSignedOut() {
  useEffect(() => {
    api.get('/api/auth/user').catch(() => undefined);
  }, []);
  return <HubSpinner />;
}

export function HubSpinner() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh items-center justify-center gap-3 text-stone-600"
    >
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
