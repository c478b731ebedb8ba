// npm run db:backup [-- FOLDER]: a dated copy of the embedded database, while the server runs.
import { loadConfig } from '../config';
import { backupEmbedded } from '../db/backup';

try {
  const { file, bytes, fromRunningServer } = await backupEmbedded(loadConfig(), {
    dir: process.argv[2],
  });
  console.log(
    `Backup written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB${fromRunningServer ? ', made by the running server' : ''}).`,
  );
  console.log('Keep a copy on another disk. Restore with: npm run db:restore -- <file>');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
