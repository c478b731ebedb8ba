// Runs a file of the server build (dist/server/<entry>.js), building first when the build is
// missing or older than the sources. `npm start`, `npm run db:seed` and `npm run admin:grant`
// share it: a checkout that changed since its last build is rebuilt before anything runs, and a
// production install (devDependencies pruned after `npm run build`) runs the build it has.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What `npm run build` writes; the build counts as missing when any of these is. */
const outputs = [
  'dist/client/index.html',
  'dist/server/main.js',
  'dist/server/seed.js',
  'dist/server/admin-grant.js',
];
const sources = ['src', 'drizzle', 'vite.config.ts'];
/**
 * The lock file counts by its content: `npm prune --omit=dev` rewrites it unchanged after the
 * build, which must not make a production install look stale.
 */
const lockFile = join(root, 'package-lock.json');
const stampFile = join(root, 'dist', 'server', 'build-stamp.json');
/** The packages `npm run build` needs; a production install has pruned them. */
const buildTools = ['vite', 'esbuild'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function lockFileHash() {
  return existsSync(lockFile)
    ? createHash('sha256').update(readFileSync(lockFile)).digest('hex')
    : null;
}

/** Called at the end of `npm run build`: what the build was made from. */
export function writeBuildStamp() {
  writeFileSync(stampFile, `${JSON.stringify({ packageLockSha256: lockFileHash() })}\n`);
}

function lockFileUnchangedSince(builtAt) {
  if (newestMtime(lockFile) <= builtAt) return true;
  if (!existsSync(stampFile)) return false;
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  return stamp.packageLockSha256 === lockFileHash();
}

/** Whether dist/ holds a build of the current sources and dependencies. */
export function buildIsFresh() {
  const paths = outputs.map((path) => join(root, path));
  if (!paths.every((path) => existsSync(path))) return false;
  const builtAt = Math.min(...paths.map((path) => statSync(path).mtimeMs));
  const sourcesAt = Math.max(...sources.map((path) => newestMtime(join(root, path))));
  return sourcesAt <= builtAt && lockFileUnchangedSince(builtAt);
}

/** Builds when needed; exits with a message when a build is needed and cannot be made here. */
export function ensureBuilt() {
  if (buildIsFresh()) return;
  const missing = buildTools.filter(
    (name) => !existsSync(join(root, 'node_modules', name, 'package.json')),
  );
  if (missing.length > 0) {
    console.error(
      'The build in dist/ is missing or older than the sources, and the build tools ' +
        `(${missing.join(', ')}) are not installed: this looks like a production install.\n` +
        'Build it again: npm ci && npm run build && npm prune --omit=dev',
    );
    process.exit(1);
  }
  console.log('Building Harvest Hui (first start or sources changed)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Builds when needed, then runs dist/server/<entry>.js in this process with the given
 * arguments, as `node dist/server/<entry>.js ...args` would.
 */
export async function runBuilt(entry, args = []) {
  ensureBuilt();
  const file = join(root, 'dist', 'server', `${entry}.js`);
  process.argv = [process.argv[0], file, ...args];
  await import(pathToFileURL(file).href);
}
