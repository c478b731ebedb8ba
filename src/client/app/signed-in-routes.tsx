import type { User } from '#core/schemas/auth';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { NotFoundPage } from '../components/layout/not-found';
import { VerifyEmailBanner } from '../features/account/verify-email-banner';
import { AfterFirstPaint } from '../lib/after-first-paint';
import { permissionsOf } from '../lib/permissions';
import { renderRoutes } from './render-routes';
import { adminNav, allowedNav, farmerNav, restaurantNav } from './navigation';
import { adminPages, businessPages, setupPage } from './routes';

// The header's cart badge (the stored cart's validation brings zod) and notification bell
// (popover, date formatting) load once the screen has painted rather than with the shell every
// screen waits for; a box of their size holds their place meanwhile. The banners wait for the
// paint too. The status banner shows only while a business waits for approval, was declined or
// is suspended: it loads then, not with the shell.
const BusinessStatusBanner = lazy(async () => ({
  default: (await import('../features/profile/business-status-banner')).BusinessStatusBanner,
}));

// A restaurant's open recall notices (docs/traceability.md): the banner asks for them on every
// screen, its code loading after the screen rather than with the shell.
const RecallBanner = lazy(async () => ({
  default: (await import('../features/traceability/recall-banner')).RecallBanner,
}));

function hasBusinessStatus(user: User): boolean {
  const profile = user.profile;
  if (!profile) return false;
  if (profile.suspendedAt) return true;
  return profile.kind === 'farm' && profile.approvalStatus !== 'approved';
}

const CartBadge = lazy(async () => ({
  default: (await import('../components/layout/cart-badge')).CartBadge,
}));
const NotificationBell = lazy(async () => ({
  default: (await import('../features/notifications/notification-bell')).NotificationBell,
}));
const headerSlot = <span className="size-11" aria-hidden="true" />;
// Shown only when a member opens a screen outside their role.
const NotForYourRole = lazy(async () => ({
  default: (await import('../components/layout/not-for-your-role')).NotForYourRole,
}));

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
    const { can } = permissionsOf(user);
    const gate = { can, denied: <NotForYourRole /> };
    return (
      <AppShell
        user={user}
        navItems={allowedNav(isFarmer ? farmerNav : restaurantNav, can)}
        headerExtra={
          <AfterFirstPaint fallback={headerSlot}>
            <Suspense fallback={headerSlot}>
              {isFarmer || !can('orders.place') ? null : <CartBadge />}
              <NotificationBell />
            </Suspense>
          </AfterFirstPaint>
        }
      >
        <VerifyEmailBanner user={user} />
        {hasBusinessStatus(user) ? (
          <AfterFirstPaint>
            <Suspense fallback={null}>
              <BusinessStatusBanner user={user} />
            </Suspense>
          </AfterFirstPaint>
        ) : null}
        {isFarmer ? null : (
          <AfterFirstPaint>
            <Suspense fallback={null}>
              <RecallBanner />
            </Suspense>
          </AfterFirstPaint>
        )}
        <Routes>
          {renderRoutes(businessPages[user.role], gate)}
          <Route path="/login" element={<Navigate to="/" replace />} />
          <Route path="*" element={<NotFoundPage inShell />} />
        </Routes>
      </AppShell>
    );
  }

  if (user.role === 'admin') {
    return (
      <AppShell
        user={user}
        navItems={adminNav}
        headerExtra={
          <AfterFirstPaint fallback={headerSlot}>
            <Suspense fallback={headerSlot}>
              <NotificationBell />
            </Suspense>
          </AfterFirstPaint>
        }
      >
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
