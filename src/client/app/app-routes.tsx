import { Navigate, Route, Routes } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { LoadingScreen } from '../components/layout/loading-screen';
import { NotFoundPage } from '../components/layout/not-found';
import { useAuth } from '../lib/auth';
import {
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

/** Spec section 4 "User routing": loading or signed out, then no profile, then the role's app. */
export function AppRoutes() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;

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
      <AppShell user={user} navItems={isFarmer ? farmerNav : restaurantNav}>
        <Routes>
          {renderRoutes(isFarmer ? farmerPages : restaurantPages)}
          {renderRoutes(sharedPages)}
          <Route path="/login" element={<Navigate to="/" replace />} />
          <Route path="*" element={<NotFoundPage />} />
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

  // Any other role sees only its landing screen and the not-found screen (spec section 2).
  return (
    <Routes>
      {renderRoutes(signedOutPages.filter((page) => page.path === '/'))}
      <Route path="/login" element={<Navigate to="/" replace />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
