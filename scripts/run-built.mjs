// `node scripts/run-built.mjs <entry> [args...]`: runs a command-line tool of the server build
// (dist/server/<entry>.js), building first when needed. `npm run db:seed` and
// `npm run admin:grant` use it, so a production install needs no TypeScript runner.
import { runBuilt } from './built.mjs';

const [entry, ...args] = process.argv.slice(2);
const tools = ['seed', 'admin-grant', 'backup', 'restore'];
if (!tools.includes(entry)) {
  console.error(`Usage: node scripts/run-built.mjs <${tools.join('|')}> [arguments]`);
  process.exit(2);
}
await runBuilt(entry, args);
