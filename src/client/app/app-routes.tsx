import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingScreen } from '../components/layout/loading-screen';
import { NotFoundPage } from '../components/layout/not-found';
import { useAuth } from '../lib/auth';
import { renderRoutes } from './render-routes';
import { accountLinkPages, signedOutPages, setupPage } from './routes';

// Loaded when needed, so the landing page's first load carries none of it: the signed-in
// app's shell and menus, the development switcher, live updates.
const SignedInRoutes = lazy(async () => ({
  default: (await import('./signed-in-routes')).SignedInRoutes,
}));
const DevUserSwitcher = lazy(async () => ({
  default: (await import('../features/dev-switcher/dev-user-switcher')).DevUserSwitcher,
}));
const LiveUpdates = lazy(async () => ({
  default: (await import('../lib/live-events')).LiveUpdates,
}));

/**
 * Live updates are for the signed-in only: the signed-out never load their code. The stream
 * is opened again when the session acts for another business, so it carries that one's events.
 */
function LiveUpdatesWhenSignedIn() {
  const { user } = useAuth();
  if (!user) return null;
  return <LiveUpdates key={`${user.id}:${user.profile?.kind}:${user.profile?.id}`} />;
}

/** The routes, plus the development-only user switcher (it shows only when the server has it). */
export function AppRoutes() {
  return (
    <>
      <Suspense fallback={<LoadingScreen />}>
        <RoutesByUserState />
      </Suspense>
      <Suspense fallback={null}>
        {/* A production build leaves it out altogether: no chunk to fetch on every load. */}
        {import.meta.env.DEV ? <DevUserSwitcher /> : null}
        <LiveUpdatesWhenSignedIn />
      </Suspense>
    </>
  );
}

/** docs/product.md#routing-by-user-state: loading or signed out, then no profile, then the role's app. */
function RoutesByUserState() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <LoadingScreen />;

  // Pages reached from an email link work signed in or out.
  if (accountLinkPages.some((page) => page.path === pathname)) {
    return <Routes>{renderRoutes(accountLinkPages)}</Routes>;
  }

  if (!user) {
    return <Routes>{renderRoutes(signedOutPages)}</Routes>;
  }

  if (user.role === 'farmer' || user.role === 'restaurant' || user.role === 'admin') {
    return <SignedInRoutes user={user} />;
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
