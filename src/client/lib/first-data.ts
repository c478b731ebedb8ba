import type { User } from '#core/schemas/auth';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** Where a screen is opened: what it needs to name the data it draws first. */
export interface FirstDataContext {
  queryClient: QueryClient;
  /** The values of the route's `:name` parts. */
  params: Params;
  search: URLSearchParams;
  /** Who opens it: a part the person may not see is not asked for. */
  user: User | null;
}

/**
 * A page that names the data its first paint draws from: the app asks for it (into the query
 * cache, under the keys the page reads) with the page's code, before the first render, so the
 * screen paints with its data rather than with its loading state and then again. The server
 * fetches the same addresses ahead in the page it sends (server/http/app-page's first calls).
 */
export interface ScreenData {
  firstData: (context: FirstDataContext) => Promise<unknown>;
}
