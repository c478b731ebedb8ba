import { Route } from 'react-router';
import type { PageRoute } from './routes';

export function renderRoutes(pages: PageRoute[]) {
  return pages.map((page) => <Route key={page.path} path={page.path} element={page.element} />);
}
