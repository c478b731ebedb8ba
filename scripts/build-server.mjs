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
