import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const folder = join(__dirname, '../../../drizzle');
const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
};

/**
 * The migrator applies to a database the migrations whose `when` is later than that of the last
 * one it applied: a migration written by hand with a `when` out of order is skipped on every
 * database that already has the later one, and only a fresh database gets it.
 */
describe('the migrations journal', () => {
  it('lists each migration file once, in order, each written later than the one before', () => {
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(existsSync(join(folder, `${entry.tag}.sql`)), entry.tag).toBe(true);
      if (index > 0) {
        expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[index - 1]!.when);
      }
    });
  });
});
