import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { CartBadge } from '../components/layout/cart-badge';
import { LoadingScreen } from '../components/layout/loading-screen';
import { NotFoundPage } from '../components/layout/not-found';
import { VerifyEmailBanner } from '../features/account/verify-email-banner';
import { DevUserSwitcher } from '../features/dev-switcher/dev-user-switcher';
import { NotificationBell } from '../features/notifications/notification-bell';
import { useAuth } from '../lib/auth';
import { LiveUpdates } from '../lib/live-events';
import {
  accountLinkPages,
  adminNav,
  adminPages,
  farmerNav,
  farmerPages,
  restaurantNav,
  restaurantPages,
  sharedPages,
  signedOutPages,
  setupPage,
  type PageRoute,
} from './routes';

function renderRoutes(pages: PageRoute[]) {
  return pages.map((page) => <Route key={page.path} path={page.path} element={page.element} />);
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

/** docs/product.md#routing-by-user-state: loading or signed out, then no profile, then the role's app. */
function RoutesByUserState() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <LoadingScreen />;

  if (accountLinkPages.some((page) => page.path === pathname)) {
    return <Routes>{renderRoutes(accountLinkPages)}</Routes>;
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
        <VerifyEmailBanner user={user} />
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
      <AppShell user={user} navItems={adminNav} headerExtra={<NotificationBell />}>
        <VerifyEmailBanner user={user} />
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

  // Any other role sees only its landing screen and the not-found screen (docs/product.md#routing-by-user-state).
  return (
    <Routes>
      {renderRoutes(signedOutPages.filter((page) => page.path === '/'))}
      <Route path="/login" element={<Navigate to="/" replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
