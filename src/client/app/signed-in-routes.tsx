import type { User } from '#core/schemas/auth';
import { Navigate, Route, Routes } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { CartBadge } from '../components/layout/cart-badge';
import { NotFoundPage } from '../components/layout/not-found';
import { NotificationBell } from '../features/notifications/notification-bell';
import { VerifyEmailBanner } from '../features/account/verify-email-banner';
import { renderRoutes } from './render-routes';
import { adminNav, farmerNav, restaurantNav } from './navigation';
import { adminPages, farmerPages, restaurantPages, sharedPages, setupPage } from './routes';

/** A farmer, restaurant or administrator: their app inside the shell (loaded once signed in). */
export function SignedInRoutes({ user }: { user: User }) {
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

  return null;
}
