import type { Role } from '#core/constants';
import { Shield, Sprout, Store } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from '../../components/layout/loading-screen';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';

// Each role's view is loaded when it is shown: a farmer never loads the restaurant's cart and
// checkout, a restaurant never the farmer's calendar and product form.
const FarmerView = lazy(async () => ({ default: (await import('./farmer-view')).FarmerView }));
const FarmerOverview = lazy(async () => ({
  default: (await import('./farmer-view')).FarmerOverview,
}));
const RestaurantView = lazy(async () => ({
  default: (await import('./restaurant-view')).RestaurantView,
}));
const RestaurantOverview = lazy(async () => ({
  default: (await import('./restaurant-view')).RestaurantOverview,
}));
const AdminDashboard = lazy(async () => ({
  default: (await import('../../features/admin/admin-dashboard')).AdminDashboard,
}));

const VIEW_LABELS: Record<Role, { label: string; icon: ReactNode }> = {
  restaurant: { label: 'Restaurant', icon: <Store aria-hidden="true" className="size-4" /> },
  farmer: { label: 'Farmer', icon: <Sprout aria-hidden="true" className="size-4" /> },
  admin: { label: 'Admin', icon: <Shield aria-hidden="true" className="size-4" /> },
};

/** The views a user may open: an administrator all three, everyone else their own. */
export function allowedViews(role: Role): Role[] {
  return role === 'admin' ? ['restaurant', 'farmer', 'admin'] : [role];
}

/**
 * The combined role screen (docs/product.md#combined-role-screen), inside the app's shell: a role switcher, then the
 * chosen role's view, each composed here of what the features export. A user starts in their
 * own role; an administrator's farmer and restaurant views are read-only overviews.
 */
export function HubPage() {
  const { user } = useAuth();
  const role = user?.role;
  if (role !== 'admin' && role !== 'farmer' && role !== 'restaurant') return null;
  return <Hub role={role} />;
}

function Hub({ role }: { role: Role }) {
  const views = allowedViews(role);
  const [view, setView] = useState<Role>(role);
  const overview = role === 'admin';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span id="hub-view-as" className="text-sm font-medium text-stone-600">
          View as
        </span>
        <div
          role="group"
          aria-labelledby="hub-view-as"
          className="flex flex-1 gap-1 rounded-lg bg-stone-100 p-1 sm:flex-none"
        >
          {views.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={cn(
                'flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium sm:flex-none',
                view === option
                  ? 'bg-white text-stone-900 shadow-sm'
                  : 'text-stone-600 hover:text-stone-900',
              )}
            >
              {VIEW_LABELS[option].icon}
              {VIEW_LABELS[option].label}
            </button>
          ))}
        </div>
      </div>
      {/* The switcher stays while a view's code arrives. */}
      <Suspense fallback={<LoadingScreen label="Loading page" inline />}>
        {view === 'admin' ? (
          <AdminDashboard />
        ) : view === 'farmer' ? (
          overview ? (
            <FarmerOverview />
          ) : (
            <FarmerView />
          )
        ) : overview ? (
          <RestaurantOverview />
        ) : (
          <RestaurantView />
        )}
      </Suspense>
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
  return <LoadingScreen />;
}
