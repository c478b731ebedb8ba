import type { PersonActor } from '#core/actor';
import type { AppConfig } from './config';
import type { Database, Db } from './db/database';
import type { ReadDb } from './db/replica';
import type { Mailer } from './modules/notifications';
import type { PhotoStorage } from './modules/photos';
import type { SessionCache } from './modules/auth';
import type { AuthUser } from './http/guards';
import type { RoutePermission } from './http/permission';
import type { LiveCache, LiveEventHub } from './modules/events';

/*
 * The app's decorations on Fastify's own types. Nothing imports this file (the compiler reads
 * it with the rest of src), so it may name the modules' types without tying them in a cycle.
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** The replica or the primary for a read-heavy route's work (db/replica.ts). */
    readDb: ReadDb;
    /** Sends account emails (password reset, verification) from the request's process. */
    mailer: Mailer;
    /** Where product photo files live (DATA_DIR/uploads or an S3 bucket). */
    photoStorage: PhotoStorage;
    /** Where delivery proofs live, private (DATA_DIR/delivery-proofs or the bucket's folder). */
    deliveryProofStorage: PhotoStorage;
    /** This process's LISTEN on live events: streams and caches hear every process here. */
    liveEvents: LiveEventHub;
    sessionCache: SessionCache;
    /** The browse pages and figures this process keeps (products/routes.ts). */
    catalogCache: LiveCache;
    /** The farm and restaurant reports this process keeps (reports/routes.ts). */
    reportCache: LiveCache;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The same person as an actor (the business they act for), resolved with `user`. */
    actor: PersonActor | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in. */
    public?: boolean;
    /**
     * A write about the person rather than the business they act for (their password, their
     * session, their notifications): allowed while that business is suspended
     * (docs/admission.md#suspension).
     */
    allowedWhileSuspended?: boolean;
    /**
     * A write that carries its own proof (the fresh sheet's signed unsubscribe link) and may
     * come with `Origin: null`: what a browser sends from the form of a page served with
     * `referrer-policy: no-referrer`. Every other write with it is 403 `cross_origin`.
     */
    acceptsNullOrigin?: boolean;
    /** What the person's role must allow (docs/teams.md; checked by http/permission.ts). */
    permission?: RoutePermission;
  }
}
