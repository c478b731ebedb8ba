import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '#core/schemas/common';
import { farmReportOutput, restaurantReportOutput } from '#core/schemas/report';
import { requireFarmer, requireRestaurant } from '../../http/guards';
import { csvResponse, sendCsv } from '../route-schemas';
import { isClockSet } from '../../clock';
import type { Db } from '../../db/database';
import { LiveCache, type LiveEventHub } from '../events';
import { exportOrdersCsv } from './export';
import { farmReport, restaurantReport } from './service';

const errors = { 401: errorResponse, 403: errorResponse };

/**
 * Each report reads every order of its farm or restaurant: kept by the process until one of
 * those orders (or, for a farm, one of its products) changes, or a name in it does, or 30 s
 * pass (docs/performance.md).
 */
export function createReportCache(hub: LiveEventHub): LiveCache {
  return new LiveCache(hub, {
    keepMs: 30_000,
    maxEntries: 5_000,
    staleAfter: (event) => {
      switch (event.type) {
        case 'orders.changed':
          return [`farm:${event.farmId}`, `restaurant:${event.restaurantId}`];
        case 'products.changed':
          return [`farm:${event.farmId}`];
        case 'user.changed':
          return 'all';
        // A decision about a business changes its row too: 'user.changed' covers it.
        case 'business.changed':
        case 'catalog.changed':
        case 'stock.changed':
        case 'orders.counted':
        case 'notifications.changed':
          return undefined;
      }
    },
  });
}

export const reportsModule: FastifyPluginAsyncZod = async (app) => {
  // A moved clock (tests, the development clock) changes what "this month" means: computed
  // afresh for every request while it is set.
  const kept = <T>(key: string, load: () => Promise<T>) =>
    isClockSet() ? load() : app.reportCache.get(key, load);
  // On the read replica when there is one (db/replica.ts); a refill of the cache only once
  // the replica has caught up with the change that emptied it.
  const report = <T>(request: FastifyRequest, key: string, load: (db: Db) => Promise<T>) =>
    app.readDb(request, (db) => kept(key, () => load(db)), { fillsCache: !isClockSet() });

  app.get(
    '/reports/farm',
    {
      config: { permission: { farm: 'reports.view' } },
      schema: {
        tags: ['reports'],
        summary: "The signed-in farm's report and dashboard figures",
        response: { 200: farmReportOutput, ...errors },
      },
    },
    async (request) => {
      const { farmId } = requireFarmer(request);
      return report(request, `farm:${farmId}`, (db) => farmReport(db, farmId));
    },
  );

  app.get(
    '/reports/restaurant',
    {
      config: { permission: { restaurant: 'reports.view' } },
      schema: {
        tags: ['reports'],
        summary: "The signed-in restaurant's report and dashboard figures",
        response: { 200: restaurantReportOutput, ...errors },
      },
    },
    async (request) => {
      const { restaurantId } = requireRestaurant(request);
      return report(request, `restaurant:${restaurantId}`, (db) =>
        restaurantReport(db, restaurantId),
      );
    },
  );

  app.get(
    '/orders/farm.csv',
    {
      config: { permission: { farm: 'reports.view' } },
      schema: {
        tags: ['reports'],
        summary: "The signed-in farm's orders as CSV",
        response: { 200: csvResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { farmId } = requireFarmer(request);
      const csv = await app.readDb(request, (db) =>
        exportOrdersCsv(db, { kind: 'farm', id: farmId }),
      );
      return sendCsv(reply, csv);
    },
  );

  app.get(
    '/orders/restaurant.csv',
    {
      config: { permission: { restaurant: 'reports.view' } },
      schema: {
        tags: ['reports'],
        summary: "The signed-in restaurant's orders as CSV",
        response: { 200: csvResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { restaurantId } = requireRestaurant(request);
      const csv = await app.readDb(request, (db) =>
        exportOrdersCsv(db, { kind: 'restaurant', id: restaurantId }),
      );
      return sendCsv(reply, csv);
    },
  );
};
