import type { PersonActor } from '#core/actor';
import type { Role } from '#core/constants';
import type { BusinessRole } from '#core/permissions';
import type { AppConfig } from './config';
import type { Database, Db } from './db/database';
import type { Mailer } from './modules/notifications/mail';
import type { PhotoStorage } from './modules/photos/storage';
import type { SessionCache } from './modules/auth/session-cache';
import type { RoutePermission } from './modules/auth/permission';
import type { LiveEventHub } from './modules/events/hub';
import type { LiveCache } from './modules/events/live-cache';

/** Who is asking, resolved once per request from the session cookie. */
export interface AuthUser {
  id: number;
  email: string;
  role: Role | null;
  firstName: string | null;
  lastName: string | null;
  /** The farm or restaurant the session acts for (at most one of the two), and the role there. */
  farmId: number | null;
  restaurantId: number | null;
  membershipId: number | null;
  businessRole: BusinessRole | null;
  sessionTokenHash: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
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
    /** What the person's role must allow (docs/teams.md; checked by auth/permission.ts). */
    permission?: RoutePermission;
  }
}
