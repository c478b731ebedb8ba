// Run as a separate process by tests: claims the embedded database of DATA_DIR (argv[2]), says
// so on stdout, and holds it until killed.
import type { AppConfig } from '../../src/server/config';
import { claimEmbeddedDatabase } from '../../src/server/runtime';

const config = { dataDir: process.argv[2]!, databaseUrl: undefined } as AppConfig;
const claim = await claimEmbeddedDatabase(config);
claim.serveBackups(async () => new Blob(['a copy']));
console.log('claimed');
setInterval(() => {}, 60_000);
