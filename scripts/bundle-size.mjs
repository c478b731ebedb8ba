// npm run size: the JavaScript each screen loads, gzipped, from the built files and Vite's
// manifest; fails (exit 1) when the landing page or any screen is over its budget.
// Deterministic: sizes of files, no browser.
//
// - The landing page's critical path is the entry and every chunk it imports statically (what
//   index.html preloads), with the landing page's own chunk (what the server preloads).
// - A screen is any module the routes load lazily (found in the manifest: every dynamic import
//   of the landing page's chunks and of the signed-in shell), so a new route is measured without
//   being listed here. It counts the landing page's chunks, the signed-in shell's (except the
//   screens shown outside the shell) and its own chunk with everything it imports statically.
// - A part a screen loads lazily (a dialog on first opening, a role's view, a card) is measured
//   again as "screen › part": the screen plus that part, since the user waits for both.
// - DEFERRED parts are printed with their size but not held to the screen budget; each says why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist/client';
// The entry carries each screen's route and the list of chunks it preloads (docs/performance.md).
const LANDING_BUDGET_KB = 111;
const SCREEN_BUDGET_KB = 200;

/** Screens (and app-level lazy pieces) shown without the signed-in shell. */
const OUTSIDE_SHELL =
  /(landing-page|sign-in-page|profile-setup-page|forgot-password-page|reset-password-page|verify-email-page|landing-demo|dev-user-switcher|toaster)\.tsx?$/;

/** Lazy parts measured but not held to the budget, with the reason (docs/performance.md). */
const DEFERRED = [
  [/components\/charts\/chart-views\.tsx$/, 'charts (recharts) load after the figures show'],
  [/@zxcvbn-ts\//, 'password-strength dictionaries load while a new password is typed'],
  [
    // Through the inventory card, which loads beside the view.
    /hub\/farmer-view( › inventory\/inventory-card)? › inventory\/product-form-dialog$/,
    'opens on Add or Edit in the combined screen; about 10 KB over, see docs/performance.md',
  ],
  [
    /inventory-page › inventory\/product-form-dialog$/,
    'opens on Add or Edit; its form library and zod load with it, see docs/performance.md',
  ],
  [
    /(farmer-view|farmer-orders-page) › farmer-orders\/(confirm-delivery|adjust-order)-dialog$/,
    'opens on Mark as Delivered or Adjust; its form library loads with it, see docs/performance.md',
  ],
  [
    /calendar-page › calendar\/add-schedule-dialog$/,
    'opens on Add Delivery Schedule; its form library loads with it, see docs/performance.md',
  ],
  [
    /› admin\/reason-dialog$/,
    'opens on Decline or Suspend; its form library loads with it, see docs/performance.md',
  ],
  [
    /› orders\/report-problem-dialog$/,
    'opens on Report a problem; its form library loads with it, see docs/performance.md',
  ],
  [
    /receivables-page › payments\/credit-balance-dialog$/,
    'opens on Apply or Refund credit; its form library loads with it, see docs/performance.md',
  ],
];

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const sizes = new Map();
function gzipKb(key) {
  if (!sizes.has(key)) {
    const file = readFileSync(join(dist, manifest[key].file));
    sizes.set(key, gzipSync(file, { level: 9 }).length / 1024);
  }
  return sizes.get(key);
}

/** The chunk and every chunk it imports statically, by manifest key, added to `seen`. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}
const kbOf = (keys) => [...keys].reduce((sum, key) => sum + gzipKb(key), 0);
const dynamicImportsOf = (keys) =>
  new Set([...keys].flatMap((key) => manifest[key].dynamicImports ?? []));
const nameOf = (key) =>
  key
    .replace(/^(\.\.\/)+node_modules\//, '')
    .replace(/^(features|app|components)\//, '')
    .replace(/\.(tsx?|m?js)$/, '');
const deferredReason = (name) => DEFERRED.find(([pattern]) => pattern.test(name))?.[1];

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
// The landing page is a chunk of its own that visitors load beside the entry (the server names
// it in their page): its critical path is both.
const landingPageKey = Object.keys(manifest).find((key) =>
  key.endsWith('features/landing/landing-page.tsx'),
);
const entryClosure = staticClosure(entry);
const landing = new Set(entryClosure);
if (landingPageKey) staticClosure(landingPageKey, landing);
const shellKey = Object.keys(manifest).find((key) => key.endsWith('app/signed-in-routes.tsx'));
const shell = shellKey ? staticClosure(shellKey, new Set(entryClosure)) : new Set(entryClosure);

const rows = [{ name: 'landing (critical path)', kb: kbOf(landing), budget: LANDING_BUDGET_KB }];
rows.push({ name: 'signed-in shell (with the entry)', kb: kbOf(shell), budget: SCREEN_BUDGET_KB });

const screens = [...dynamicImportsOf(shell)].filter((key) => key !== shellKey).sort();
for (const screen of screens) {
  const base = OUTSIDE_SHELL.test(screen) ? entryClosure : shell;
  const closure = staticClosure(screen, new Set(base));
  rows.push({ name: nameOf(screen), kb: kbOf(closure), budget: SCREEN_BUDGET_KB });
  // Its lazy parts, and theirs, each with the screen and the parts on the way to it.
  // Only what the screen's own chunks (not the landing page's or the shell's) load lazily.
  const visit = (loaded, path, seen, own) => {
    for (const part of dynamicImportsOf(own)) {
      if (loaded.has(part) || seen.has(part) || screens.includes(part)) continue;
      seen.add(part);
      const withPart = staticClosure(part, new Set(loaded));
      const name = `${path} › ${nameOf(part)}`;
      const reason = deferredReason(part) ?? deferredReason(name);
      if (reason) {
        rows.push({ name, kb: kbOf(withPart), budget: null, note: reason });
        continue;
      }
      rows.push({ name, kb: kbOf(withPart), budget: SCREEN_BUDGET_KB });
      visit(
        withPart,
        name,
        seen,
        [...withPart].filter((key) => !loaded.has(key)),
      );
    }
  };
  visit(
    closure,
    nameOf(screen),
    new Set([shellKey]),
    [...closure].filter((key) => !base.has(key)),
  );
}

let over = 0;
for (const { name, kb, budget, note } of rows) {
  const status = budget === null ? 'info' : kb > budget ? 'OVER' : 'ok  ';
  if (status === 'OVER') over += 1;
  const limit = budget === null ? `deferred: ${note}` : `budget ${budget} KB`;
  console.log(`${status} ${name.padEnd(58)} ${kb.toFixed(1).padStart(6)} KB gzip (${limit})`);
}
if (over) {
  console.error(`${over} over budget`);
  process.exit(1);
}
