import { dirname, join, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * The client's layers: app composes features; a feature uses core, components and lib and
 * never another feature; components and lib use neither. Checked on the resolved path of every
 * relative import, so any depth of folders is covered and a new feature needs no edit here.
 */
const CLIENT_DIR = resolve(import.meta.dirname, 'src/client');

/** Where a file of the client sits: ['entry'] (main.tsx), ['app'], ['features', 'orders'], ['lib'], ... */
function clientLayer(file) {
  const path = relative(CLIENT_DIR, file);
  if (path.startsWith('..')) return null;
  const parts = path.split(sep);
  if (parts.length === 1) return ['entry'];
  const [top, second] = parts;
  return top === 'features' ? ['features', second] : [top];
}

function layerViolation(fromFile, toFile) {
  const from = clientLayer(fromFile);
  const to = clientLayer(toFile);
  if (!from || !to) return null;
  if (to[0] === 'app' && from[0] !== 'app' && from[0] !== 'entry') {
    return 'Only the app layer and the entry file import from src/client/app.';
  }
  if (to[0] !== 'features') return null;
  if (from[0] === 'components' || from[0] === 'lib') {
    return 'Components and lib are below the features: they never import one.';
  }
  if (from[0] === 'features' && from[1] !== to[1]) {
    return 'Features never import each other: move what both need to core, components or lib, or compose them in src/client/app.';
  }
  return null;
}

const clientLayers = {
  rules: {
    'no-cross-layer-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const message = layerViolation(
            context.filename,
            resolve(dirname(context.filename), source),
          );
          if (message) context.report({ node: node.source, message });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};

/*
 * The server's rooms: a module under src/server/modules
 * is used by every other file only through its index.ts, and the infrastructure below the
 * modules (db, lib, http and the top-level errors, clock, config, runtime) imports none of them.
 * Checked on the resolved path of every relative import, like the client's zones above;
 * src/server/architecture.test.ts checks the same and that no server file imports in a cycle.
 */
const SERVER_DIR = resolve(import.meta.dirname, 'src/server');
const MODULES_DIR = join(SERVER_DIR, 'modules');
const SERVER_INFRASTRUCTURE = [
  'db',
  'lib',
  'http',
  'errors.ts',
  'clock.ts',
  'config.ts',
  'runtime.ts',
];

/** The module a path of the server lies in ('orders'), or null outside modules/<name>/. */
function serverModuleOf(path) {
  const parts = relative(MODULES_DIR, path).split(sep);
  return parts[0] === '..' || parts.length < 2 ? null : parts[0];
}

function serverImportViolation(fromFile, target) {
  const from = relative(SERVER_DIR, fromFile);
  if (from.startsWith('..')) return null;
  const toModules = !relative(MODULES_DIR, target).startsWith('..');
  if (toModules && SERVER_INFRASTRUCTURE.includes(from.split(sep)[0])) {
    return 'The server infrastructure (db, lib, http, errors, clock, config, runtime) never imports a module: move what both need down (or to core), or hand it in from src/server/app.ts.';
  }
  const parts = relative(MODULES_DIR, target).split(sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  const [name, file, ...deeper] = parts;
  if (serverModuleOf(fromFile) === name) return null;
  if (deeper.length === 0 && /^index(\.[jt]s)?$/.test(file)) return null;
  return `Another module is used through its index: import from the folder (modules/${name}), and export what is needed from modules/${name}/index.ts.`;
}

const serverModules = {
  rules: {
    'one-door': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const checkSource = (source) => {
          if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
          const message = serverImportViolation(
            context.filename,
            resolve(dirname(context.filename), source.value),
          );
          if (message) context.report({ node: source, message });
        };
        const check = (node) => checkSource(node.source);
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
          // `declare module '../notifications'`: a module's types are widened through its door too.
          TSModuleDeclaration: (node) => checkSource(node.id),
          // `import('../orders').LockedOrder` in a type.
          TSImportType: (node) => checkSource(node.argument?.literal),
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'drizzle', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs', 'src/client/public/*.js'],
          // The build and run scripts are plain JavaScript outside the TypeScript project; a
          // dozen is small enough to lint this way.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 20,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Type-aware: a promise nobody awaits loses its error; a switch over a union covers it all.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The service worker's own script (Workbox imports it into the worker).
    files: ['src/client/public/*.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/client/**', 'drizzle-orm*', 'fastify*', 'react*'] },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'client-layers': clientLayers },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', 'drizzle-orm*'] }],
      'client-layers/no-cross-layer-imports': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts'],
    // Tests are exempt: a unit test reaches the file it tests (a worker, a clock, a queue) and
    // a test file is imported by nobody, so it neither couples modules nor closes a cycle.
    ignores: ['src/server/**/*.test.ts'],
    plugins: { 'server-modules': serverModules },
    rules: { 'server-modules/one-door': 'error' },
  },
);
