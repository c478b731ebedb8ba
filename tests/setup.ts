import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

// TEST_DATABASE_URL=off means "do not use PostgreSQL" (vitest.config.ts says so for the workers
// it starts; this holds for a worker started any other way).
if (process.env.TEST_DATABASE_URL === 'off') delete process.env.TEST_DATABASE_URL;

// Hawaii is UTC-10 all year; tests run with the machine's zone as UTC so nothing depends on it.
process.env.TZ = 'UTC';

// The unit and API tests need nothing but `npm ci`: the programs that only the browser suite
// may use are shadowed by stand-ins that fail, so a test that reaches for one fails here too,
// whether or not the machine has them.
const shadowDir = join(tmpdir(), 'harvest-hui-no-system-programs');
mkdirSync(shadowDir, { recursive: true });
for (const program of ['pdftotext', 'pdftoppm', 'pdfinfo', 'chromium', 'psql']) {
  const file = join(shadowDir, program);
  writeFileSync(
    file,
    `#!/bin/sh\necho "${program} is not available to the unit and API tests" >&2\nexit 127\n`,
  );
  chmodSync(file, 0o755);
}
process.env.PATH = `${shadowDir}${delimiter}${process.env.PATH ?? ''}`;
