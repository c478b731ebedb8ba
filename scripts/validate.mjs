// `npm run validate`: what CI runs, minus the install, for a local run before pushing: lint,
// types, build, the unit and API tests on the embedded database and again on PostgreSQL, then
// the browser suite. Stops at the first step that fails. Without TEST_DATABASE_URL it refuses
// to pass: the PostgreSQL tests are the only proof of the driver and of no oversell.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { TEST_DATABASE_URL: postgresUrl, ...embeddedEnv } = process.env;

if (!postgresUrl) {
  console.error(
    'npm run validate runs the PostgreSQL tests too: set TEST_DATABASE_URL, e.g.\n' +
      '  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run validate',
  );
  process.exit(1);
}

const steps = [
  { name: 'Lint', command: ['npm', 'run', 'lint'] },
  { name: 'Types', command: ['npm', 'run', 'typecheck'] },
  { name: 'Build', command: ['npm', 'run', 'build'] },
  { name: 'Tests (embedded database)', command: ['npx', 'vitest', 'run'], env: embeddedEnv },
  {
    name: 'API tests on PostgreSQL',
    command: ['npx', 'vitest', 'run', 'tests/api'],
    env: { ...embeddedEnv, TEST_DATABASE_URL: postgresUrl },
  },
  { name: 'Browser suite', command: ['npm', 'run', 'test:e2e'] },
];

const results = [];
for (const step of steps) {
  console.log(`\n== ${step.name}`);
  const started = Date.now();
  const [program, ...args] = step.command;
  const run = spawnSync(program, args, {
    cwd: root,
    stdio: 'inherit',
    env: step.env ?? process.env,
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (run.status !== 0) {
    console.error(`\n${step.name} failed after ${seconds} s (${step.command.join(' ')}).`);
    process.exit(run.status ?? 1);
  }
  results.push(`${step.name}: passed (${seconds} s)`);
}
console.log(`\n${results.join('\n')}`);
