import { dirname, relative, resolve, sep } from 'node:path';
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
);
