// npm run db:restore -- FILE [--yes]: puts a backup back as the embedded database.
import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../config';
import { embeddedDatabaseDir, restoreEmbedded } from '../db/backup';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Usage: npm run db:restore -- <backup file> [--yes]');
  process.exit(2);
}

async function confirmed(question: string): Promise<boolean> {
  if (args.includes('--yes')) return true;
  if (!process.stdin.isTTY) {
    console.error('Not replacing the database without a yes: run it in a terminal, or add --yes.');
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question(question);
  prompt.close();
  return /^y(es)?$/i.test(answer.trim());
}

try {
  const config = loadConfig();
  const { dir, inUse } = embeddedDatabaseDir(config);
  if (
    inUse &&
    !(await confirmed(
      `This replaces the database in ${dir} with ${file} (the current one is kept beside it). Continue? [y/N] `,
    ))
  ) {
    console.log('Nothing changed.');
    process.exit(1);
  }
  const { keptAs } = await restoreEmbedded(config, file);
  console.log(`Restored ${file}.${keptAs ? ` The previous database is kept in ${keptAs}.` : ''}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
