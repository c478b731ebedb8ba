import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { onClockSet } from './clock';
import { outboxDir, type AppConfig, type TrustProxy } from './config';
import type { Database } from './db/database';
import { registerReadDb } from './db/replica';
import { AppError } from './errors';
import { accountingModule } from './modules/accounting';
import { adminModule } from './modules/admin';
import {
  authModule,
  registerAuthHooks,
  TooManyAttemptsError,
  userOfSessionCookie,
} from './modules/auth';
import { clockModule, devtoolsAbsentModule, devtoolsModule } from './modules/devtools';
import { deliveryRunModule } from './modules/delivery-runs';
import { claimModule } from './modules/claims';
import { cutoffReminderModule } from './modules/cutoff-reminders';
import { customerModule } from './modules/customers';
import { documentModule } from './modules/documents';
import { eventsModule, LiveEventHub } from './modules/events';
import { farmPageModule } from './modules/farm-page';
import { freshSheetModule } from './modules/fresh-sheet';
import { leavingModule } from './modules/leaving';
import { groupModule } from './modules/groups';
import { healthRoutes } from './modules/health';
import { createMailer, type Mailer, notificationModule } from './modules/notifications';
import { orderModule } from './modules/orders';
import { orderThreadModule, registerUnreadMessages } from './modules/order-thread';
import {
  createPhotoStorage,
  createPrivatePhotoStorage,
  photoFileRoutes,
  photoModule,
  PROOF_KEY_PATTERN,
} from './modules/photos';
import { deliveryProofModule } from './modules/delivery-proof';
import { paymentModule } from './modules/payments';
import { priceListModule } from './modules/price-lists';
import { resaleCertificateModule } from './modules/resale-certificates';
import { createCatalogCache, productModule } from './modules/products';
import { profileModule } from './modules/profiles';
import { createReportCache, reportsModule } from './modules/reports';
import { scheduleModule } from './modules/schedules';
import { orderGuideModule } from './modules/order-guide';
import { substitutionModule } from './modules/substitutions';
import { standingOrderModule } from './modules/standing-orders';
import { registerHiddenMoney, teamModule } from './modules/teams';
import { AppPage, sendAppPage } from './http/app-page';
import { compressJsonAnswer } from './http/compressed-answers';
import { traceabilityModule } from './modules/traceability';
import { registerNotificationKindProviders } from './notification-kinds';
import { registerOrderChangeHandlers } from './order-change-handlers';
import './types';

export type App = FastifyInstance;

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  logger?: boolean;
  /** Where account emails (password reset, verification) go; tests pass one that records them. */
  mailer?: Mailer;
}

/** Builds the whole server without listening: tests inject requests into it. */
export async function buildApp({ config, database, logger = true, mailer }: BuildAppOptions) {
  registerOrderChangeHandlers();
  registerNotificationKindProviders();
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // An address the router cannot decode never reaches the error handler: same shape here.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      void reply.status(400).send({
        message: 'The address is not valid',
        code: error.code?.toLowerCase() ?? 'bad_request',
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate(
    'mailer',
    mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: outboxDir(config),
      }),
  );
  app.addHook('onClose', async () => app.mailer.close());
  app.decorate('photoStorage', createPhotoStorage({ dataDir: config.dataDir, s3: config.s3 }));
  app.decorate(
    'deliveryProofStorage',
    createPrivatePhotoStorage(
      { dataDir: config.dataDir, s3: config.s3 },
      'delivery-proofs',
      PROOF_KEY_PATTERN,
    ),
  );
  const liveEvents = new LiveEventHub(database, app.log);
  app.decorate('liveEvents', liveEvents);
  app.decorate('catalogCache', createCatalogCache(liveEvents));
  // The catalogue's figures are kept until the next cutoff by the business clock: moving that
  // clock (tests, development) moves the cutoffs with it.
  const stopClearingCatalog = onClockSet(() => app.catalogCache.clear());
  app.addHook('onClose', async () => {
    stopClearingCatalog();
  });
  app.decorate('reportCache', createReportCache(liveEvents));
  // Reads on a streaming replica when DATABASE_READ_URL says so; else app.db, as always.
  await registerReadDb(app, liveEvents);
  // Caches trust what they hold only while the process hears every change: listen from the
  // start. Should that fail, they stay bypassed and streams retry when they open.
  app.addHook('onReady', async () => {
    await liveEvents.start().catch((error: unknown) => {
      app.log.warn({ err: error }, 'live events: cannot LISTEN; caches stay off until it can');
    });
  });
  // Open streams never end on their own: end them so that closing the server does not wait.
  app.addHook('preClose', async () => liveEvents.close());

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyAttemptsError) {
        void reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.fields ? { fields: error.fields } : {}),
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          error.validationContext ||
          'body';
        fields[key] ??= issue.message ?? 'Invalid';
      }
      return reply
        .status(400)
        .send({ message: 'Please check the highlighted fields', code: 'validation', fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.message;
      return reply
        .status(status)
        .send({ message, code: error.code?.toLowerCase() ?? 'bad_request' });
    }
    request.log.error(error);
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
  });

  // Security headers, on every answer. The middleware is built once: @fastify/helmet built it
  // afresh for every request, reading the policy again each time (13 % of the CPU of a session
  // lookup, docs/performance.md).
  const strictTransportSecurity = config.appOrigin?.startsWith('https:')
    ? // Told over plain http, a browser would refuse the site until it had a certificate; only
      // an https public origin may say it. The app does not speak for its domain's other hosts.
      { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false }
    : false;
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity,
  });
  // A hashed script or stylesheet gets only the headers that apply to it (nosniff, the
  // resource policy, the referrer policy, HSTS): the ones that govern a document would be
  // ignored, and a screen loads some seventy such files, each answer's headers repeated in full
  // by a proxy speaking HTTP/2 (about 600 bytes each; docs/performance.md).
  const subresourceHeaders = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    strictTransportSecurity,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // By the route matched, not the address: an address under /assets/ that names no built
    // file is answered with the app's page, which needs every header.
    const route = request.routeOptions.url ?? '';
    const headers =
      route.startsWith('/assets/') && /\.(js|css)$/.test(route)
        ? subresourceHeaders
        : securityHeaders;
    headers(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  // What /api answers is someone's business: no browser or proxy keeps a copy. Answers that
  // choose their own caching (PDF and CSV downloads) keep it.
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (isApi && contentType.startsWith('application/json') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  app.addHook('onSend', compressJsonAnswer);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Harvest Hui API',
        version: '1.0.0',
        description: 'Hawaii farms to restaurants.',
      },
    },
    transform: jsonSchemaTransform,
  });

  registerAuthHooks(app);
  registerHiddenMoney(app);
  registerUnreadMessages(app);
  // Text PostgreSQL cannot store is bad input (400), not a database failure (500).
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = nulBytePath(value);
      if (field !== null) {
        throw new AppError(400, 'Please check the highlighted fields', 'validation', {
          [field || part]: 'Contains an invisible character (U+0000) that is not allowed',
        });
      }
    }
  });

  await app.register(healthRoutes);
  await app.register(photoFileRoutes);
  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await api.register(authModule);
      await api.register(leavingModule);
      await api.register(profileModule);
      await api.register(orderModule);
      await api.register(documentModule);
      await api.register(deliveryRunModule);
      await api.register(deliveryProofModule);
      await api.register(paymentModule);
      await api.register(claimModule);
      await api.register(orderThreadModule);
      await api.register(customerModule);
      await api.register(accountingModule);
      await api.register(productModule);
      await api.register(priceListModule);
      await api.register(resaleCertificateModule);
      await api.register(photoModule);
      await api.register(scheduleModule);
      await api.register(standingOrderModule);
      await api.register(cutoffReminderModule);
      await api.register(orderGuideModule);
      await api.register(substitutionModule);
      await api.register(reportsModule);
      await api.register(adminModule);
      await api.register(notificationModule);
      await api.register(teamModule);
      await api.register(groupModule);
      await api.register(traceabilityModule);
      await api.register(eventsModule);
      await api.register(freshSheetModule);
      await api.register(farmPageModule);
      // Development only: without the flag /api/test/* is 404 for everyone.
      await api.register(config.devUserSwitcher ? devtoolsModule : devtoolsAbsentModule);
      // Development mode only: elsewhere POST /api/test/clock is 404 like the rest of /api/test.
      if (config.env === 'development') await api.register(clockModule);
    },
    { prefix: '/api' },
  );

  const servesClient = Boolean(
    config.clientDir && existsSync(join(config.clientDir, 'index.html')),
  );
  const appPage =
    servesClient && config.clientDir
      ? new AppPage(config.clientDir, { demoAccounts: config.demoData })
      : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsApp =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api';
    if (wantsApp && appPage) {
      return sendAppPage(app, appPage, request, reply, userOfSessionCookie);
    }
    return reply.status(404).send({ message: 'Not found', code: 'not_found' });
  });

  if (servesClient && config.clientDir) {
    // The hashed files: their names change with their content, so they are kept a year and
    // never asked for again; a validator (ETag, Last-Modified) or byte ranges would only add
    // headers to each of the seventy a screen loads (docs/performance.md).
    await app.register(fastifyStatic, {
      root: join(config.clientDir, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // The .br and .gz copies written at build time (scripts/compress-assets.mjs).
      preCompressed: true,
      cacheControl: false,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders(res) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
    // Everything else the build wrote (the service worker, the manifest, icons): asked for
    // again every time, answered 304 when unchanged. index.html names the current hashed files.
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      index: false,
      globIgnore: ['assets/**'],
      preCompressed: true,
      // Else its own "public, max-age=0" replaces the header set below.
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('cache-control', 'no-cache');
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }

  return app;
}

/**
 * Fastify ignores X-Forwarded-For for a bare hop count (it cannot tell a proxy from a client
 * connecting directly), so the count becomes a rule: the nearest N addresses are proxies.
 * Only right for a server that is reachable through its proxies alone; else list them.
 */
function trustProxyOption(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/**
 * PostgreSQL text cannot hold U+0000, so such a string would fail in the database: the dotted
 * path of the first string or key carrying it ("" for the value itself), else null. Walks
 * without recursion, as a 1 MiB body can nest a hundred thousand levels deep.
 */
function nulBytePath(value: unknown): string | null {
  interface Step {
    value: unknown;
    key: string;
    parent: Step | null;
  }
  const pathOf = (step: Step) => {
    const keys: string[] = [];
    for (let at: Step | null = step; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const stack: Step[] = [{ value, key: '', parent: null }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (typeof step.value === 'string') {
      if (step.value.includes('\u0000')) return pathOf(step);
    } else if (step.value !== null && typeof step.value === 'object') {
      for (const [key, child] of Object.entries(step.value)) {
        const next = { value: child, key, parent: step };
        if (key.includes('\u0000')) return pathOf(next);
        stack.push(next);
      }
    }
  }
  return null;
}
