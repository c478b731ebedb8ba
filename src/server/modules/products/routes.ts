import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '#core/schemas/common';
import { reorderOutput } from '#core/schemas/reorder';
import {
  farmListOutput,
  farmProductListOutput,
  productBody,
  productDeleteOutput,
  productListOutput,
  productOutput,
  productPageOutput,
  PRODUCT_SEARCH_PARAMETERS,
  productQuery,
  productUpdateBody,
  stockConflictBody,
} from '#core/schemas/product';
import { wholeListQuery } from '#core/schemas/paging';
import { CompressedAnswer, CompressedAnswers, sendAnswer } from '../../http/compressed-answers';
import { sendPage, setPageHeaders } from '../paging';
import { errorResponses } from '../route-schemas';
import { LiveCache, type LiveEventHub } from '../events';
import { NO_PRICE_LISTS, pricingKey, restaurantPricing } from '../price-lists';
import { nextOutlookChange } from '../schedules';
import { KeptPage, movedStock, StockOverlay } from './stock-overlay';
import {
  requireActor,
  requireFarmActor,
  requireFarmer,
  requireRestaurantActor,
  requireUser,
} from '../../http/guards';
import { seesEveryFarm } from '../businesses';
import { stockMovementListOutput, stockMovementListQuery } from '#core/schemas/stock';
import { reorderPlan } from './reorder';
import { listStockMovements } from './stock-movements';
import {
  createProduct,
  deleteProduct,
  listCatalog,
  listFarmProducts,
  listFarms,
  restoreProduct,
  searchCatalog,
  isPageKey,
  pageFollowsStock,
  searchKey,
  showsStock,
  updateProduct,
} from './service';

/**
 * Browse pages and the figures beside them (how many products match, how many are listed,
 * which farms have any), kept by the process: emptied whenever the database says a product, a
 * photo or a delivery day changed, or a farm did. A stock move alone (every order makes some,
 * from any process or writer) changes the figure the pages show (StockOverlay), empties the
 * pages searched or sorted by availability, and the counts by availability when a product went
 * out of stock or back in: nothing shows stock older than the live updates do. The clock changes
 * them too, at each cutoff and midnight: they are kept until the next (nextOutlookChange), and
 * at most five minutes, a bound on what the events may miss.
 */
export function createCatalogCache(hub: LiveEventHub): LiveCache {
  return new LiveCache(hub, {
    keepMs: 5 * 60_000,
    maxEntries: 2_000,
    staleAfter: (event) => {
      switch (event.type) {
        case 'catalog.changed':
        case 'user.changed':
          return 'all';
        case 'stock.changed':
          // Other pages show the product's new figure (StockOverlay) and stay.
          if (!movedStock(event)) return (key) => isPageKey(key) || showsStock(key);
          return event.inStockChanged
            ? (key) => pageFollowsStock(key) || showsStock(key)
            : pageFollowsStock;
        // The code that changes a product or a business also changes its rows: the database's
        // notices above cover them.
        case 'products.changed':
        case 'business.changed':
        case 'orders.changed':
        case 'orders.counted':
        case 'notifications.changed':
          return undefined;
      }
    },
  });
}

const OUTLOOK_CHANGE_KEY = 'outlook-change';

export const productModule: FastifyPluginAsyncZod = async (app) => {
  const catalogAnswers = new CompressedAnswers(64);
  // The stock each moved product now has, shown on the kept pages (createCatalogCache).
  const stock = new StockOverlay();
  const stopNoting = app.liveEvents.onDatabaseEvent((event) => {
    const moved = event.type === 'stock.changed' ? movedStock(event) : null;
    if (moved) stock.note(moved.productId, moved.quantity);
  });
  const stopForgetting = app.liveEvents.onDeaf(() => stock.clear());
  app.addHook('onClose', async () => {
    stopNoting();
    stopForgetting();
  });
  // When the catalogue next changes by the clock alone, kept until that very instant.
  const outlookChange = () =>
    app.catalogCache.get(
      OUTLOOK_CHANGE_KEY,
      async () => (await nextOutlookChange(app.db)).getTime(),
      (instant) => instant,
    );
  const remember = async <T>(key: string, load: () => Promise<T>) => {
    const changesAt = await outlookChange();
    return app.catalogCache.get(key, load, () => changesAt);
  };
  app.get(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Every product on offer, one page of at most 500 by name; with a search parameter, one page of a search',
        description:
          'Without search parameters: the catalogue as an array, paged by limit and cursor ' +
          '(Link, X-Total-Count; docs/api.md#paging). With any of q, category, farmId, ' +
          'availability, sort, deliversToMyZone, page, pageSize: ' +
          '{items, total, totalAll, page, pageSize, farms, hiddenByZone}.',
        querystring: productQuery,
        response: { 200: productListOutput.or(productPageOutput), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // The zone from the restaurant's profile as its process keeps it: no query per page.
      const { profile } = await app.sessionCache.view(user);
      // The price lists it is on, kept with the pages they price and emptied with them.
      const { restaurantId } = user;
      const pricing =
        user.role === 'restaurant' && restaurantId !== null
          ? await remember(`pricing:${restaurantId}`, () => restaurantPricing(app.db, restaurantId))
          : NO_PRICE_LISTS;
      const viewer = { ...user, deliveryZone: profile?.deliveryZone ?? null, pricing };
      const { query } = request;
      const hasParameters = PRODUCT_SEARCH_PARAMETERS.some((name) => query[name] !== undefined);
      // Typed, but sent as JSON already made (and compressed when the asker accepts it).
      const plain = reply as unknown as FastifyReply;
      if (hasParameters) {
        // A page is kept whole, serialised and compressed, and emptied with the figures it is
        // made of, whenever it may be kept at all. On the read replica when there is one, but
        // what refills the cache only once the replica has caught up (db/replica.ts).
        const key = searchKey(request.query, viewer);
        const answer = await app.readDb(
          request,
          async (db) => {
            const search = () => searchCatalog(db, request.query, viewer, remember);
            if (key === null) return new CompressedAnswer(JSON.stringify(await search()));
            const kept = await remember(key, async () => new KeptPage(await search(), stock));
            return kept.answer();
          },
          { fillsCache: true },
        );
        return sendAnswer(plain, await answer.answerTo(request.headers));
      }
      // The catalogue's pages are large: revalidated by their ETag (304 when unchanged) and
      // sent compressed. Computed afresh every time, so they never show older stock. Their ETags
      // and kept copies are per page, price list and zone: each reader's prices are its own.
      const variant = JSON.stringify([
        pricingKey(pricing),
        viewer.deliveryZone,
        query.limit,
        query.cursor ?? null,
      ]);
      const page = await app.readDb(request, (db) => listCatalog(db, viewer, query));
      setPageHeaders(request, plain, page);
      const answer = await catalogAnswers.answer(
        JSON.stringify(page.items),
        request.headers,
        variant,
      );
      return sendAnswer(plain, answer, 'private, no-cache');
    },
  );

  app.get(
    '/products/farm',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "The signed-in farmer's own products, active or not, by name; one page of at most 500 (docs/api.md#paging)",
        querystring: wholeListQuery,
        response: { 200: farmProductListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await listFarmProducts(app.db, requireFarmer(request).farmId, request.query);
      return sendPage(request, reply, page);
    },
  );

  app.post(
    '/products',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['catalog'],
        summary: 'Add a product to the farmer’s inventory',
        body: productBody,
        response: { 201: productOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireFarmActor(request);
      return reply.status(201).send(await createProduct(app.db, actor, request.body));
    },
  );

  app.patch(
    '/products/:id',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['catalog'],
        summary: 'Change one of the farmer’s products',
        params: idParam,
        body: productUpdateBody,
        response: { 200: productOutput, ...errorResponses, 409: stockConflictBody },
      },
    },
    async (request) =>
      updateProduct(app.db, requireFarmActor(request), request.params.id, request.body),
  );

  app.get(
    '/products/:id/stock-movements',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "One page of the product's stock history, newest first (the product's farm only; docs/product.md#stock-history)",
        params: idParam,
        querystring: stockMovementListQuery,
        response: { 200: stockMovementListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { farmId } = requireFarmer(request);
      const page = await listStockMovements(app.db, farmId, request.params.id, request.query);
      return sendPage(request, reply, page);
    },
  );

  app.delete(
    '/products/:id',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['catalog'],
        summary: 'Delete one of the farmer’s products (archived when orders refer to it)',
        params: idParam,
        response: { 200: productDeleteOutput, ...errorResponses },
      },
    },
    async (request) =>
      deleteProduct(app.db, app.photoStorage, requireFarmer(request).farmId, request.params.id),
  );

  app.post(
    '/products/:id/restore',
    {
      config: { permission: { farm: 'products.manage' } },
      schema: {
        tags: ['catalog'],
        summary: 'Bring back an archived product (undo of a delete)',
        params: idParam,
        response: { 200: productOutput, ...errorResponses },
      },
    },
    async (request) => restoreProduct(app.db, requireFarmer(request).farmId, request.params.id),
  );

  app.get(
    '/farms',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'The farms restaurants can buy from, with their delivery fee and order minimum, by name (administrators: every farm); one page of at most 500 (docs/api.md#paging)',
        querystring: wholeListQuery,
        response: { 200: farmListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const everyFarm = seesEveryFarm(actor);
      return sendPage(request, reply, await listFarms(app.db, request.query, { everyFarm }));
    },
  );

  // "Order again" is a catalogue question (today's prices, stock and offer of a past order's
  // products), so it is answered here, above the orders it reads.
  app.get(
    '/orders/:id/reorder',
    {
      config: { permission: { restaurant: 'orders.place' } },
      schema: {
        tags: ['orders'],
        summary:
          "The restaurant's own past order at today's prices and stock, line by line, to order it again",
        params: idParam,
        response: { 200: reorderOutput, ...errorResponses },
      },
    },
    async (request) => {
      return reorderPlan(app.db, requireRestaurantActor(request), request.params.id);
    },
  );
};
