// npm run size: the JavaScript each screen loads, gzipped, from the built files and Vite's
// manifest; fails when a screen is over its budget. Deterministic: sizes of files, no browser.
// The landing page's critical path is the entry and every chunk it imports statically (what
// index.html preloads); every other screen adds its lazy chunk and that chunk's static imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist/client';
const LANDING_BUDGET_KB = 110;
const SCREEN_BUDGET_KB = 200;

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** The chunk and every chunk it imports statically, by manifest key. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}
const kbOf = (keys) => [...keys].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const landing = staticClosure(entry);
const rows = [['landing (critical path)', kbOf(landing), LANDING_BUDGET_KB]];
// Every screen: a page module loaded lazily from the routes, with what it brings along.
const screens = Object.keys(manifest).filter(
  (key) => manifest[key].isDynamicEntry && /-page\.tsx$/.test(key),
);
for (const key of screens.sort()) {
  const closure = staticClosure(key, new Set(landing));
  rows.push([key.replace(/^.*\//, '').replace(/\.tsx$/, ''), kbOf(closure), SCREEN_BUDGET_KB]);
}
// The signed-in shell comes with every screen but signing in and setting up a profile.
const OUTSIDE_SHELL = new Set(['sign-in-page', 'profile-setup-page']);
const shell = Object.keys(manifest).find((key) => key.endsWith('signed-in-routes.tsx'));
if (shell) {
  for (const row of rows.slice(1)) {
    if (OUTSIDE_SHELL.has(row[0])) continue;
    const key = screens.find((each) => each.endsWith(`/${row[0]}.tsx`));
    const closure = staticClosure(key, staticClosure(shell, new Set(landing)));
    row[1] = kbOf(closure);
  }
}

let over = 0;
for (const [name, kb, budget] of rows) {
  const fails = kb > budget;
  if (fails) over += 1;
  console.log(
    `${fails ? 'OVER' : 'ok  '} ${name.padEnd(34)} ${kb.toFixed(1).padStart(6)} KB gzip (budget ${budget} KB)`,
  );
}
if (over) {
  console.error(`${over} over budget`);
  process.exit(1);
}
