import type { Role } from '#core/constants';
import type { User } from '#core/schemas/auth';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { CartBadge } from '../components/layout/cart-badge';
import { LoadingScreen } from '../components/layout/loading-screen';
import { NotFoundPage } from '../components/layout/not-found';
import { DevUserSwitcher } from '../features/dev-switcher/dev-user-switcher';
import { NotificationBell } from '../features/notifications/notification-bell';
import { useAuth } from '../lib/auth';
import { LiveUpdates } from '../lib/live-events';
import {
  adminNav,
  adminPages,
  farmerNav,
  farmerPages,
  HUB_PATH,
  restaurantNav,
  restaurantPages,
  sharedPages,
  signedOutPages,
  setupPage,
  type PageRoute,
} from './routes';

const HubPage = lazy(async () => ({ default: (await import('../features/hub/hub-page')).HubPage }));
const HubSignedOut = lazy(async () => ({
  default: (await import('../features/hub/hub-page')).HubSignedOut,
}));
const AdminDashboard = lazy(async () => ({
  default: (await import('../features/admin/admin-dashboard')).AdminDashboard,
}));

function renderRoutes(pages: PageRoute[]) {
  return pages.map((page) => <Route key={page.path} path={page.path} element={page.element} />);
}

/** Who may open the combined role screen: an administrator, or a farmer or restaurant with a profile. */
function hubUser(user: User | null): (User & { role: Role }) | null {
  if (!user?.role) return null;
  if (user.role !== 'admin' && !user.profile) return null;
  return { ...user, role: user.role };
}

/** The routes, plus the development-only user switcher (it shows only when the server has it). */
export function AppRoutes() {
  return (
    <>
      <Suspense fallback={<LoadingScreen />}>
        <RoutesByUserState />
      </Suspense>
      <DevUserSwitcher />
      <LiveUpdates />
    </>
  );
}

/**
 * Loading or signed out, then no profile, then the role's app:
 * docs/product.md#routing-by-user-state.
 */
function RoutesByUserState() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <LoadingScreen />;

  // The combined role screen brings its own top bar (docs/product.md#combined-role-screen).
  if (pathname === HUB_PATH) {
    if (!user) return <HubSignedOut />;
    const hub = hubUser(user);
    if (hub) {
      return (
        <HubPage
          user={hub}
          adminView={<AdminDashboard />}
          notificationBell={<NotificationBell />}
        />
      );
    }
  }

  if (!user) {
    return <Routes>{renderRoutes(signedOutPages)}</Routes>;
  }

  if (user.role === 'farmer' || user.role === 'restaurant') {
    if (!user.profile) {
      return (
        <Routes>
          <Route path="/login" element={<Navigate to="/" replace />} />
          <Route path="*" element={setupPage} />
        </Routes>
      );
    }
    const isFarmer = user.role === 'farmer';
    return (
      <AppShell
        user={user}
        navItems={isFarmer ? farmerNav : restaurantNav}
        headerExtra={
          <>
            {isFarmer ? null : <CartBadge />}
            <NotificationBell />
          </>
        }
      >
        <Routes>
          {renderRoutes(isFarmer ? farmerPages : restaurantPages)}
          {renderRoutes(sharedPages)}
          <Route path="/login" element={<Navigate to="/" replace />} />
          <Route path="*" element={<NotFoundPage inShell />} />
        </Routes>
      </AppShell>
    );
  }

  if (user.role === 'admin') {
    return (
      <AppShell user={user} navItems={adminNav}>
        <Routes>
          {renderRoutes(adminPages)}
          <Route path="/login" element={<Navigate to="/" replace />} />
          <Route path="*" element={<NotFoundPage inShell />} />
        </Routes>
      </AppShell>
    );
  }

  if (user.role === null) {
    return (
      <Routes>
        <Route path="/login" element={<Navigate to="/" replace />} />
        <Route path="*" element={setupPage} />
      </Routes>
    );
  }

  // Any other role sees only its landing screen and the not-found screen
  // (docs/product.md#routing-by-user-state).
  return (
    <Routes>
      {renderRoutes(signedOutPages.filter((page) => page.path === '/'))}
      <Route path="/login" element={<Navigate to="/" replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
