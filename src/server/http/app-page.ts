import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { browseFiltersOf, catalogPagePath } from '#core/browse-address';
import { can, isRoleOfKind, type Permission } from '#core/permissions';
import { userOutput, type User } from '#core/schemas/auth';
import { CompressedAnswer, sendAnswer } from './compressed-answers';
import type { AuthUser } from './guards';

/** The id of the JSON data block the client reads its first state from (lib/boot-state). */
export const BOOT_STATE_ID = 'boot-state';

type Screens = Readonly<Record<string, string>>;

/**
 * Which page module each address of the app opens, by who is asking, as the client's routes
 * (src/client/app/routes.tsx) declare them; a test holds the two together. An address missing
 * here still works: its code is then fetched when the routes ask for it, a round trip later.
 */
export const SCREEN_PAGES: Readonly<
  Record<'signedOut' | 'farmer' | 'restaurant' | 'admin', Screens>
> = {
  signedOut: {
    '/': 'features/landing/landing-page.tsx',
    '/login': 'features/auth/sign-in-page.tsx',
  },
  restaurant: {
    '/': 'features/restaurant-dashboard/restaurant-dashboard-page.tsx',
    '/restaurant/dashboard': 'features/restaurant-dashboard/restaurant-dashboard-page.tsx',
    '/restaurant/reports': 'features/reports/restaurant-reports-page.tsx',
    '/restaurant/browse': 'features/browse/browse-page.tsx',
    '/restaurant/inventory': 'features/browse/browse-page.tsx',
    '/restaurant/orders': 'features/orders/orders-page.tsx',
    '/restaurant/bills': 'features/payments/bills-page.tsx',
    '/restaurant/standing-orders': 'features/standing-orders/standing-orders-page.tsx',
    '/hub': 'app/hub/hub-page.tsx',
    '/team': 'features/team/team-page.tsx',
  },
  farmer: {
    '/': 'features/farmer-dashboard/farmer-dashboard-page.tsx',
    '/farmer/dashboard': 'features/farmer-dashboard/farmer-dashboard-page.tsx',
    '/farmer/reports': 'features/reports/farmer-reports-page.tsx',
    '/farmer/inventory': 'features/inventory/inventory-page.tsx',
    '/farmer/calendar': 'features/calendar/calendar-page.tsx',
    '/farmer/orders': 'features/farmer-orders/farmer-orders-page.tsx',
    '/farmer/runs': 'features/delivery-runs/delivery-runs-page.tsx',
    '/farmer/receivables': 'features/payments/receivables-page.tsx',
    '/farmer/runs/:id/drive': 'features/driver/drive-page.tsx',
    '/hub': 'app/hub/hub-page.tsx',
    '/team': 'features/team/team-page.tsx',
  },
  admin: {
    '/': 'features/admin/admin-dashboard-page.tsx',
    '/admin': 'features/admin/admin-dashboard-page.tsx',
    '/admin/approvals': 'features/admin/approvals-page.tsx',
    '/admin/businesses': 'features/admin/businesses-page.tsx',
    '/hub': 'app/hub/hub-page.tsx',
  },
};

/** A call a screen makes as soon as its code runs, and what the person's role must allow. */
interface FirstCall {
  path: (search: URLSearchParams, params: Readonly<Record<string, string>>) => string;
  requires?: Permission;
  /** Made only by a demo installation's server: elsewhere the call answers 404. */
  demoOnly?: boolean;
}
const fixed = (path: string, requires?: Permission): FirstCall => ({ path: () => path, requires });
const catalogFirstPage: FirstCall = {
  path: (search) => catalogPagePath(browseFiltersOf(search), 1),
};

/**
 * The data each main screen draws its largest part from, asked for by the page itself so it
 * arrives beside the code instead of after it. The client asks for exactly these addresses
 * (the browser then uses the answer it already has); a browser test holds them together.
 */
export const SCREEN_FIRST_CALLS: Readonly<
  Record<'signedOut' | 'farmer' | 'restaurant', Readonly<Record<string, FirstCall[]>>>
> = {
  // The sign-in page lists the demo accounts where the server has them.
  signedOut: { '/login': [{ ...fixed('/api/auth/demo-accounts'), demoOnly: true }] },
  restaurant: {
    '/': [fixed('/api/reports/restaurant', 'reports.view'), fixed('/api/bills', 'bills.view')],
    '/restaurant/dashboard': [
      fixed('/api/reports/restaurant', 'reports.view'),
      fixed('/api/bills', 'bills.view'),
    ],
    '/restaurant/browse': [catalogFirstPage],
    '/restaurant/inventory': [catalogFirstPage],
    '/restaurant/orders': [fixed('/api/orders/restaurant')],
  },
  farmer: {
    '/': [fixed('/api/reports/farm', 'reports.view'), fixed('/api/receivables', 'payments.manage')],
    '/farmer/dashboard': [
      fixed('/api/reports/farm', 'reports.view'),
      fixed('/api/receivables', 'payments.manage'),
    ],
    '/farmer/orders': [fixed('/api/orders/farm')],
    '/farmer/inventory': [fixed('/api/products/farm?limit=100', 'products.manage')],
    '/farmer/runs/:id/drive': [
      { path: (_, { id }) => `/api/delivery-runs/${id}`, requires: 'orders.status' },
    ],
  },
};

/**
 * The entry of a table for this address, with the values of its `:name` parts: an address
 * matches a key segment by segment, a `:name` part taking one segment of digits (every id in
 * the app's addresses is a number; anything else is no screen of ours to fetch ahead for).
 */
function entryFor<Value>(
  table: Readonly<Record<string, Value>>,
  path: string,
): { value: Value; params: Record<string, string> } | undefined {
  const exact = table[path];
  if (exact !== undefined) return { value: exact, params: {} };
  const segments = path.split('/');
  for (const [key, value] of Object.entries(table)) {
    const parts = key.split('/');
    if (!key.includes(':') || parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, index) => {
      const segment = segments[index]!;
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = segment;
      return /^\d{1,12}$/.test(segment);
    });
    if (matches) return { value, params };
  }
  return undefined;
}

/**
 * The signed-in app's frame, loaded for every signed-in screen. The header's notification bell
 * and cart badge are not named: they load once the frame has drawn, into places kept for them,
 * and a phone's first paint waits on every byte fetched before it (the bell brings its popover's
 * positioning code, about 20 KB; docs/performance.md#what-the-first-paint-waits-on).
 */
const SIGNED_IN_SHELL = ['app/signed-in-routes.tsx'];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The address without a trailing slash, as the routes match it. */
const normalised = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON inside a script element: nothing in it may close the element or start a comment. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The built index.html, written for the asker: their view (what GET /api/auth/user answers)
 * as a JSON data block, so the first screen draws without asking for it; and modulepreload
 * links for the code the screen at this address needs (the signed-in frame and the page),
 * so the browser fetches it beside the entry chunk instead of one chunk after another
 * (docs/performance.md#first-paint). A Content-Security-Policy without inline scripts allows
 * both: a data block is never run.
 */
export class AppPage {
  readonly #template: string;
  readonly #manifest: Record<string, ManifestChunk>;
  /** What index.html itself already loads: the entry and everything it imports. */
  readonly #loadedByEntry: Set<string>;

  /** Whether this server has the demo accounts (GET /api/auth/demo-accounts answers them). */
  readonly #demoAccounts: boolean;

  constructor(clientDir: string, { demoAccounts = false }: { demoAccounts?: boolean } = {}) {
    this.#demoAccounts = demoAccounts;
    this.#template = readFileSync(join(clientDir, 'index.html'), 'utf8');
    try {
      this.#manifest = JSON.parse(
        readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, ManifestChunk>;
    } catch {
      // A client built without its manifest still works, one chunk after another.
      this.#manifest = {};
    }
    this.#loadedByEntry = this.#closure(['index.html']);
  }

  /** The manifest keys of the modules and everything they import statically. */
  #closure(keys: string[], into = new Set<string>()): Set<string> {
    for (const key of keys) {
      if (into.has(key) || !this.#manifest[key]) continue;
      into.add(key);
      this.#closure(this.#manifest[key].imports ?? [], into);
    }
    return into;
  }

  /** The files to preload for this person at this address, beyond what the entry loads. */
  preloadsFor(user: User | null, pathname: string): string[] {
    const path = normalised(pathname);
    let modules: string[] = [];
    if (!user) {
      const page = SCREEN_PAGES.signedOut[path];
      modules = page ? [page] : [];
    } else if (user.role === 'farmer' || user.role === 'restaurant' || user.role === 'admin') {
      const page = entryFor(SCREEN_PAGES[user.role], path)?.value;
      modules = page ? [...SIGNED_IN_SHELL, page] : SIGNED_IN_SHELL;
    }
    return [...this.#closure(modules)]
      .filter((key) => !this.#loadedByEntry.has(key))
      .map((key) => `/${this.#manifest[key]!.file}`);
  }

  /** The API calls to fetch ahead for this person at this address (with its search part). */
  firstCallsFor(user: User | null, pathname: string, search: URLSearchParams): string[] {
    let table = SCREEN_FIRST_CALLS.signedOut;
    if (user) {
      if (user.role !== 'farmer' && user.role !== 'restaurant') return [];
      table = SCREEN_FIRST_CALLS[user.role];
    }
    const kind = user?.role === 'farmer' ? 'farm' : 'restaurant';
    const role = user?.businessRole;
    const allowed = (permission?: Permission) =>
      !permission || (role != null && isRoleOfKind(kind, role) && can(kind, role, permission));
    const screen = entryFor(table, normalised(pathname));
    return (screen?.value ?? [])
      .filter((call) => allowed(call.requires) && (!call.demoOnly || this.#demoAccounts))
      .map((call) => call.path(search, screen!.params));
  }

  render(user: User | null, pathname: string, search = new URLSearchParams()): string {
    const modules = this.preloadsFor(user, pathname).map(
      (file) => `<link rel="modulepreload" crossorigin href="${file}">`,
    );
    // The API client sends cookies ('include'): the preload must be asked for the same way.
    const calls = this.firstCallsFor(user, pathname, search).map(
      (path) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(path)}">`,
    );
    const links = [...calls, ...modules].join('');
    const state = `<script type="application/json" id="${BOOT_STATE_ID}">${jsonForScript({ user })}</script>`;
    return this.#template.replace('</head>', `${links}${state}</head>`);
  }
}

/**
 * Answers an address of the app with its page. It depends on who asks, so it is private and
 * asked for again every time; its ETag answers 304 while nothing in it changed. Who asks comes
 * from the auth module's reading of the session cookie, handed in by the app (http sits below
 * the modules).
 */
export async function sendAppPage(
  app: FastifyInstance,
  page: AppPage,
  request: FastifyRequest,
  reply: FastifyReply,
  personOf: (app: FastifyInstance, request: FastifyRequest) => Promise<AuthUser | null>,
) {
  const person = await personOf(app, request);
  // Through the answer's own schema, as GET /api/auth/user sends it: nothing else leaves.
  const user = person ? userOutput.parse(await app.sessionCache.view(person)) : null;
  const url = new URL(request.url, 'http://app.invalid');
  const html = page.render(user, url.pathname, url.searchParams);
  const answer = await new CompressedAnswer(html).answerTo(request.headers);
  return sendAnswer(reply, answer, 'private, no-cache', 'text/html; charset=utf-8');
}
