import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { backupEmbedded, restoreEmbedded } from '../../src/server/db/backup';
import type { Database } from '../../src/server/db/database';
import { claimEmbeddedDatabase, openConfiguredDatabase } from '../../src/server/runtime';
import { createProduct, orderBody } from '../helpers/catalog-fixtures';
import { signUpFarmer, signUpRestaurant, testConfig } from '../helpers/test-app';
import { prepareEmbeddedDataDir } from '../helpers/test-database';

const dataDir = mkdtempSync(join(tmpdir(), 'hh-backup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every order, invoice number and stock figure, as the business sees them. */
async function businessState(database: Database) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  return {
    orders: await rows(
      sql`select id, farm_id, restaurant_id, status, total_amount, invoice_number from orders order by id`,
    ),
    items: await rows(
      sql`select order_id, product_id, quantity, unit_price from order_items order by order_id, product_id`,
    ),
    stock: await rows(sql`select id, available_quantity from products order by id`),
    invoiceCounters: await rows(sql`select id, last_invoice_number from farms order by id`),
  };
}

describe('npm run db:backup and db:restore on the embedded database', () => {
  it('backs up while the server runs; after a wipe, the restore finds every order, invoice number and stock figure', async () => {
    const config = testConfig({ dataDir });
    // A data folder a server has run on before: its first start (initdb, every migration) is
    // not what this test is about.
    await prepareEmbeddedDataDir(join(dataDir, 'db'));
    // As npm start does: claim the data, open it, let db:backup ask this process for a copy.
    const claim = await claimEmbeddedDatabase(config);
    const database = await openConfiguredDatabase(config);
    claim.serveBackups(() => database.dumpDataDir!());
    const app = await buildApp({ config, database, logger: false });
    await app.ready();

    const farmer = await signUpFarmer(app, 'Kahuku Greens');
    const restaurant = await signUpRestaurant(app, 'Mama Bistro');
    const kale = await createProduct(database.db, farmer.farmId, { availableQuantity: 40 });
    const taro = await createProduct(database.db, farmer.farmId, { availableQuantity: 12 });
    for (const quantity of [3, 5]) {
      const placed = await restaurant.post(
        '/api/orders',
        orderBody(farmer.farmId, [
          { product: kale, quantity },
          { product: taro, quantity: 1 },
        ]),
      );
      expect(placed.statusCode, placed.body).toBe(201);
    }
    // The first order delivered and invoiced, as the farm's numbering would have it.
    await database.db.execute(
      sql`update orders set status = 'delivered', invoice_number = 1, invoice_issued_at = now()
          where id = (select min(id) from orders)`,
    );
    await database.db.execute(sql`update farms set last_invoice_number = 1`);
    const before = await businessState(database);
    expect(before.orders).toHaveLength(2);

    const backup = await backupEmbedded(config, { dir: join(dataDir, 'backups') });
    expect(backup.fromRunningServer).toBe(true);

    // Work after the backup is not in it.
    const later = await restaurant.post(
      '/api/orders',
      orderBody(farmer.farmId, [{ product: kale, quantity: 1 }]),
    );
    expect(later.statusCode).toBe(201);

    // While the server runs, a restore is refused.
    await expect(restoreEmbedded(config, backup.file)).rejects.toThrow(/Stop it first/);

    await app.close();
    await database.close();
    await claim.release();
    rmSync(join(dataDir, 'db'), { recursive: true, force: true });

    const restore = await restoreEmbedded(config, backup.file);
    expect(restore.keptAs).toBeNull();
    const restored = await openConfiguredDatabase(config);
    try {
      expect(await businessState(restored)).toEqual(before);
    } finally {
      await restored.close();
    }

    // Restoring over a database keeps the one it replaces beside it.
    const again = await restoreEmbedded(config, backup.file);
    expect(again.keptAs).toMatch(/db\.before-restore-/);
  }, 240_000);
});
