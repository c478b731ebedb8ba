import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/server/db/database';

it('counts the accounts that exist before email verification as verified', async () => {
  // The migrations as they were before verification: the journal without 0003_accounts.
  const before = mkdtempSync(join(tmpdir(), 'harvest-hui-migrations-'));
  cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0003_accounts');
  writeFileSync(journalPath, JSON.stringify(journal));

  const database = await openDatabase({ dataDir: 'memory://', migrationsFolder: before });
  try {
    await database.migrate();
    await database.db.execute(
      sql`insert into users (email, first_name) values ('existing@example.com', 'Kimo')`,
    );
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    const result = await database.db.execute(
      sql`select email_verified_at is not null as verified from users`,
    );
    expect((result as unknown as { rows: { verified: boolean }[] }).rows).toEqual([
      { verified: true },
    ]);
  } finally {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  }
  // Opening and migrating a fresh embedded database, twice: slow on a busy machine.
}, 180_000);
