// npm run db:seed: loads the Hawaii demo data into the configured database.
import { loadConfig } from '../config';
import { seedDemoData } from '../db/seed';
import { claimEmbeddedDatabase, openConfiguredDatabase } from '../runtime';

try {
  const config = loadConfig();
  const claim = await claimEmbeddedDatabase(config);
  const database = await openConfiguredDatabase(config);
  try {
    const seeded = await seedDemoData(database.db, { onlyIfEmpty: false });
    console.log(seeded ? 'Demo data loaded.' : 'Demo data was already there; nothing changed.');
  } finally {
    await database.close();
    await claim.release();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
