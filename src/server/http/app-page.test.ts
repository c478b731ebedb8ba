import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { User } from '#core/schemas/auth';
import { AppPage, SCREEN_PAGES } from './app-page';

const routesSource = readFileSync(
  fileURLToPath(new URL('../../client/app/routes.tsx', import.meta.url)),
  'utf8',
);

/** Component name → the module it is loaded from, as routes.tsx declares its lazy pages. */
function lazyModules(): Map<string, string> {
  const modules = new Map<string, string>();
  const declaration = /const (\w+) = lazyNamed(?:<[^>]*>)?\(\s*\(\) => import\('\.\.?\/([^']+)'\)/g;
  for (const [, name, path] of routesSource.matchAll(declaration)) {
    // './hub/…' is beside routes.tsx, in app/; '../features/…' is a feature's.
    modules.set(name!, `${path!.startsWith('hub/') ? `app/${path}` : path}.tsx`);
  }
  return modules;
}

/** Path → component of one of routes.tsx's page lists (and the hub, which every list ends with). */
function pagesOf(list: string): Map<string, string> {
  const body = new RegExp(`export const ${list}: PageRoute\\[\\] = \\[([\\s\\S]*?)\\n\\];`).exec(
    routesSource,
  )?.[1];
  expect(body, list).toBeDefined();
  const pages = new Map<string, string>();
  for (const [, path, component] of body!.matchAll(/path: '([^']+)',\s*element: <(\w+)/g)) {
    pages.set(path!, component!);
  }
  if (body!.includes('hubPage')) pages.set('/hub', 'HubPage');
  return pages;
}

describe('the screens the server fetches code ahead for', () => {
  const modules = lazyModules();
  const lists = {
    restaurant: ['restaurantPages', 'sharedPages'],
    farmer: ['farmerPages', 'sharedPages'],
    admin: ['adminPages'],
  } as const;

  for (const [role, names] of Object.entries(lists)) {
    it(`open, for a ${role}, the page module the routes open there`, () => {
      const routed = new Map(names.flatMap((name) => [...pagesOf(name)]));
      for (const [path, module] of Object.entries(SCREEN_PAGES[role as keyof typeof lists])) {
        const component = routed.get(path);
        expect(component, `${role} ${path}`).toBeDefined();
        expect(modules.get(component!), `${role} ${path}`).toBe(module);
      }
    });
  }

  it("names only the calls the person's role may make", () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'hh-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<html><head></head></html>');
    const page = new AppPage(clientDir);
    const farmer = (businessRole: User['businessRole']) =>
      ({ id: 1, role: 'farmer', businessRole }) as User;
    expect(page.firstCallsFor(farmer('owner'), '/farmer/dashboard', new URLSearchParams())).toEqual(
      ['/api/reports/farm', '/api/receivables'],
    );
    // A packer's dashboard asks for neither: fetching them ahead would only be refused.
    expect(
      page.firstCallsFor(farmer('packer'), '/farmer/dashboard', new URLSearchParams()),
    ).toEqual([]);
    expect(page.firstCallsFor(farmer('packer'), '/farmer/orders/', new URLSearchParams())).toEqual([
      '/api/orders/farm',
    ]);
    expect(page.firstCallsFor(null, '/farmer/orders', new URLSearchParams())).toEqual([]);
    // The demo accounts only where the server has them: elsewhere the call answers 404.
    expect(page.firstCallsFor(null, '/login', new URLSearchParams())).toEqual([]);
    const demo = new AppPage(clientDir, { demoAccounts: true });
    expect(demo.firstCallsFor(null, '/login', new URLSearchParams())).toEqual([
      '/api/auth/demo-accounts',
    ]);
    // An address with an id: the run's own call; an id that is not a number names none.
    expect(
      page.firstCallsFor(farmer('packer'), '/farmer/runs/42/drive', new URLSearchParams()),
    ).toEqual(['/api/delivery-runs/42']);
    expect(
      page.firstCallsFor(farmer('owner'), '/farmer/runs/..%2Fx/drive', new URLSearchParams()),
    ).toEqual([]);
    rmSync(clientDir, { recursive: true, force: true });
  });
});
