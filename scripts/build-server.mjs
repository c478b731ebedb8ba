// Bundles the server and its command-line tools into dist/server; packages stay external.
import { build } from 'esbuild';
import { writeBuildStamp } from './built.mjs';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    seed: 'src/server/cli/seed.ts',
    'admin-grant': 'src/server/cli/admin-grant.ts',
    backup: 'src/server/cli/backup.ts',
    restore: 'src/server/cli/restore.ts',
    // Loaded by password-strength.ts as a worker thread, from beside main.js.
    'password-strength-worker': 'src/server/modules/auth/password-strength-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
writeBuildStamp();
console.log('Built the server into dist/server');
