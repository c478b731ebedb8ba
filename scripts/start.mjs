// `npm start`: builds the web app and the server when they are missing or older than the
// sources, then runs the server (embedded database and demo data unless configured otherwise).
import { runBuilt } from './built.mjs';

await runBuilt('main');
