import type { User } from '#core/schemas/auth';
import type { QueryClient } from '@tanstack/react-query';
import { isValidElement, lazy, Suspense } from 'react';
import { matchRoutes, Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingScreen } from '../components/layout/loading-screen';
import { NotFoundPage } from '../components/layout/not-found';
import { useAuth } from '../lib/auth';
import type { FirstDataContext, ScreenData } from '../lib/first-data';
import { useAfterFirstPaint } from '../lib/after-first-paint';
import { lazyNamed, type LoadableComponent } from '../lib/lazy-named';
import { renderRoutes } from './render-routes';
import {
  accountLinkPages,
  adminPages,
  businessPages,
  signedOutPages,
  setupPage,
  type PageRoute,
} from './routes';

// Loaded when needed, so the landing page's first load carries none of it: the signed-in
// app's shell and menus, the development switcher, live updates.
const SignedInRoutes = lazyNamed(() => import('./signed-in-routes'), 'SignedInRoutes');
const DevUserSwitcher = lazy(async () => ({
  default: (await import('../features/dev-switcher/dev-user-switcher')).DevUserSwitcher,
}));
const LiveUpdates = lazy(async () => ({
  default: (await import('../lib/live-events')).LiveUpdates,
}));

/**
 * Live updates are for the signed-in only: the signed-out never load their code. They start once
 * the first frame has painted. The stream is opened again when the session acts for another
 * business, so it carries that one's events.
 */
function LiveUpdatesWhenSignedIn() {
  const { user } = useAuth();
  const painted = useAfterFirstPaint();
  if (!user || !painted) return null;
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

/** How long the first render waits for a screen's first data once its code is in. */
const FIRST_DATA_WAIT_MS = 300;
/**
 * How long it waits for the screen at all: a download that stalls then shows the frame with
 * the page's loading state, as a screen opened from the menu does, not an empty window.
 */
const FIRST_SCREEN_WAIT_MS = 1_500;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A screen's code and, where the page names it (`firstData`), the data its first paint draws
 * from, for the route this address matches. The data is waited for a short while at most: a
 * slow answer shows the page's loading state instead of holding back the whole screen.
 */
async function loadScreen(
  pages: PageRoute[],
  pathname: string,
  context: Omit<FirstDataContext, 'params' | 'user'>,
  user: User | null,
): Promise<void> {
  const match = matchRoutes(pages, pathname)?.[0];
  const page = match?.route as PageRoute | undefined;
  if (!match || !page || !isValidElement(page.element)) return;
  // The role's permissions come with the signed-in frame's code, not in the entry every
  // visitor loads; a screen that requires none (every signed-out one) does not ask for them.
  // A page the role does not allow is drawn as such: neither its code nor its data is needed.
  if (page.requires) {
    const { permissionsOf } = await import('../lib/permissions');
    if (!permissionsOf(user).can(page.requires)) return;
  }
  const { type } = page.element as { type: Partial<LoadableComponent<object>> };
  if (typeof type.load !== 'function') return;
  const Page = (await type.load()) as Partial<ScreenData>;
  if (!Page.firstData) return;
  await Promise.race([
    Page.firstData({ ...context, params: match.params, user }),
    delay(FIRST_DATA_WAIT_MS),
  ]);
}

/**
 * Loads the screen the app opens on, as RoutesByUserState and SignedInRoutes choose it: the
 * signed-in frame, the page at this address and its first data. The app renders once they are
 * in (main.tsx), so the frame and the screen paint together; the server has named the same code
 * and calls in the page's preload links, so they are usually here already. Nothing is awaited
 * while the person is not yet known (no boot state: the development server).
 */
export async function loadFirstScreen(
  user: User | null | undefined,
  location: { pathname: string; search: string },
  queryClient: QueryClient,
): Promise<void> {
  if (user === undefined) return;
  const { pathname } = location;
  const context = { queryClient, search: new URLSearchParams(location.search) };
  const screen = (pages: PageRoute[]) => loadScreen(pages, pathname, context, user);
  const loading: Promise<unknown>[] = [];
  if (accountLinkPages.some((page) => page.path === pathname)) {
    loading.push(screen(accountLinkPages));
  } else if (!user) {
    loading.push(screen(signedOutPages));
  } else if (user.role === 'admin') {
    loading.push(SignedInRoutes.load(), screen(adminPages));
  } else if (user.role === 'farmer' || user.role === 'restaurant') {
    loading.push(SignedInRoutes.load());
    loading.push(
      user.profile ? screen(businessPages[user.role]) : screen([{ path: '*', element: setupPage }]),
    );
  }
  // A download that fails here is tried again when the screen renders, and shows its error there.
  await Promise.race([Promise.allSettled(loading), delay(FIRST_SCREEN_WAIT_MS)]);
}
