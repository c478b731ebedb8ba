import { Route } from 'react-router';
import { NotForYourRole } from '../components/layout/not-for-your-role';
import type { Permission } from '../lib/permissions';
import type { PageRoute } from './routes';

/**
 * The pages as routes. With `can`, a page the person's role does not allow says so in place of
 * the screen, whose every call would answer 403.
 */
export function renderRoutes(pages: PageRoute[], can?: (permission: Permission) => boolean) {
  return pages.map((page) => (
    <Route
      key={page.path}
      path={page.path}
      element={page.requires && can && !can(page.requires) ? <NotForYourRole /> : page.element}
    />
  ));
}
