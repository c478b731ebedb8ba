import type { ReactNode } from 'react';
import { Route } from 'react-router';
import type { Permission } from '../lib/permissions';
import type { PageRoute } from './routes';

/** Who may see the pages, and what stands in for a page their role does not allow. */
export interface RouteGate {
  can: (permission: Permission) => boolean;
  denied: ReactNode;
}

/**
 * The pages as routes. With a `gate`, a page the person's role does not allow says so in place
 * of the screen, whose every call would answer 403.
 */
export function renderRoutes(pages: PageRoute[], gate?: RouteGate) {
  return pages.map((page) => (
    <Route
      key={page.path}
      path={page.path}
      element={page.requires && gate && !gate.can(page.requires) ? gate.denied : page.element}
    />
  ));
}
