// npm run bench: measures the heavy reads on large generated data and prints the figures.
export {};
const benches: Array<
  [string, () => Promise<{ default?: unknown } & Record<string, unknown>>, string]
> = [
  ['catalog', () => import('./catalog'), 'benchCatalog'],
  ['reports', () => import('./reports'), 'benchReports'],
];

const only = process.argv[2];
for (const [name, load, exportName] of benches) {
  if (only && only !== name) continue;
  console.log(`\n# ${name}`);
  const module = await load();
  const run = module[exportName] as () => Promise<void>;
  await run();
}
