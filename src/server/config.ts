import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The bucket photos and delivery proofs live in when S3_BUCKET is set (photos/storage.ts). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Spaces); absent means AWS itself. */
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Folder inside the bucket. */
  prefix: string;
}

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) =>
    value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(value),
  );

/**
 * Which proxies may speak for the client in X-Forwarded-For: none (false), the nearest N hops,
 * or the listed addresses and CIDR ranges (or proxy-addr's names loopback, linklocal,
 * uniquelocal). Never every address: that would let any client choose its own.
 */
export type TrustProxy = false | number | string[];

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_HELP =
  'must be the number of proxies in front of the server (1 for one nginx) or their addresses ' +
  '(e.g. 10.0.0.5,10.1.0.0/16)';

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) {
    return false;
  }
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = raw?.trim().toLowerCase() ?? '';
    if (['', '0', 'false', 'no'].includes(value)) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    } else if (['true', 'yes', 'all', '*'].includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `${TRUST_PROXY_HELP}; "${raw}" would trust every address, so any client could choose its own with X-Forwarded-For`,
      });
      return z.NEVER;
    } else {
      const entries = value.split(',').map((entry) => entry.trim());
      const bad = entries.filter((entry) => !isProxyAddress(entry));
      if (bad.length === 0) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `${TRUST_PROXY_HELP}; not an address: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_HELP} (at most 10 hops)` });
    return z.NEVER;
  });

const attemptLimit = z.coerce.number().int().min(1).max(100_000);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(5000),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    HOST: z
      .string()
      .min(1)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATA_DIR: z.string().min(1).default('./data'),
    APP_ORIGIN: z
      .url('must be a URL like https://harvesthui.example')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SESSION_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    DEMO_DATA: booleanFlag,
    DEV_USER_SWITCHER: booleanFlag,
    MARKETPLACE_APPROVAL: booleanFlag,
    TRUST_PROXY: trustProxySetting,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
    LOGIN_ADDRESS_RATE_LIMIT: attemptLimit.optional(),
    REGISTER_RATE_LIMIT: attemptLimit.optional(),
    EMAIL_LINK_RATE_LIMIT: attemptLimit.optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Harvest Hui <orders@harvesthui.local>'),
    SMS_API_URL: z
      .url('must be a URL like https://sms.example/messages')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SMS_API_TOKEN: z.string().optional(),
    SMS_FROM: z.string().optional(),
    OIDC_ISSUER: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CLIENT_DIR: z.string().min(1).default('dist/client'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().optional(),
    S3_ENDPOINT: z
      .url('must be a URL like https://s3.example.com')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PREFIX: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'a replica of the DATABASE_URL database: set DATABASE_URL too',
      });
    }
    if (env.TRUST_PROXY !== false && !env.APP_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_ORIGIN'],
        message:
          'required with TRUST_PROXY: behind a proxy the server cannot tell its public address, ' +
          'which secure cookies, the same-origin check and links in email need ' +
          '(e.g. APP_ORIGIN=https://harvesthui.example)',
      });
    }
    const s3Set = Boolean(env.S3_BUCKET || env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID);
    if (s3Set && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required with S3_* settings' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (!env.SMS_API_URL) return;
    for (const name of ['SMS_API_TOKEN', 'SMS_FROM'] as const) {
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'required with SMS_API_URL' });
    }
  });

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Server processes to run (PostgreSQL only; the embedded database allows one). */
  webConcurrency?: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * A streaming replica of databaseUrl: reports, exports, statements and the catalogue read it
   * (db/replica.ts, docs/operations.md#a-read-replica). Absent: everything reads the primary.
   */
  databaseReadUrl?: string | undefined;
  dataDir: string;
  appOrigin: string | undefined;
  sessionSecret: string;
  sessionDays: number;
  /** Seed Hawaii demo data on the first start and show the demo accounts on sign-in. */
  demoData: boolean;
  devUserSwitcher: boolean;
  /**
   * Admission (docs/admission.md): a new farm waits for an administrator's approval before
   * restaurants see it. Off (MARKETPLACE_APPROVAL=0) for a private deployment: new farms sell
   * at once.
   */
  marketplaceApproval: boolean;
  trustProxy: TrustProxy;
  logLevel: string;
  /** Failed sign-ins per account and address in 15 minutes. */
  loginRateLimit: number;
  /** Failed sign-ins per address, whatever the account, in 15 minutes. */
  loginAddressRateLimit: number;
  /** Registrations per address in 15 minutes. */
  registerRateLimit: number;
  /** Password-reset and verification emails asked for per address in 15 minutes. */
  emailLinkRateLimit: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The HTTP SMS API; absent: text messages are written to DATA_DIR/outbox. */
  sms?: SmsApiConfig | undefined;
  oidcIssuer: string | undefined;
  /** Folder of the built web app; absent in API-only tests. */
  clientDir: string | undefined;
  /** Object storage for product photos; absent: files in DATA_DIR/uploads. */
  s3?: S3Settings | undefined;
  /**
   * scrypt's cost for new password hashes; absent: PASSWORD_HASH_COST. No setting changes it:
   * only the tests lower it, as they sign up hundreds of accounts.
   */
  passwordHashCost?: number | undefined;
}

export interface SmsApiConfig {
  url: string;
  token: string;
  from: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    webConcurrency: values.WEB_CONCURRENCY,
    // The embedded database is the quick start, with demo accounts whose password anyone may
    // read: it stays on this machine unless HOST says otherwise.
    host: values.HOST ?? (values.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: values.DATABASE_URL,
    databaseReadUrl: values.DATABASE_READ_URL,
    dataDir,
    appOrigin: values.APP_ORIGIN?.replace(/\/$/, ''),
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    sessionDays: values.SESSION_DAYS,
    demoData: values.DEMO_DATA ?? !values.DATABASE_URL,
    devUserSwitcher: values.NODE_ENV === 'development' && values.DEV_USER_SWITCHER === true,
    marketplaceApproval: values.MARKETPLACE_APPROVAL ?? true,
    trustProxy: values.TRUST_PROXY,
    // A local demo on the embedded database stays quiet; a deployment on PostgreSQL logs requests.
    logLevel: values.LOG_LEVEL ?? (values.DATABASE_URL ? 'info' : 'warn'),
    loginRateLimit: values.LOGIN_RATE_LIMIT,
    // Far above one person's typos, so colleagues behind one address do not lock each other out.
    loginAddressRateLimit:
      values.LOGIN_ADDRESS_RATE_LIMIT ?? Math.max(100, 10 * values.LOGIN_RATE_LIMIT),
    registerRateLimit: values.REGISTER_RATE_LIMIT ?? 2 * values.LOGIN_RATE_LIMIT,
    emailLinkRateLimit: values.EMAIL_LINK_RATE_LIMIT ?? 10,
    smtpUrl: values.SMTP_URL || undefined,
    mailFrom: values.MAIL_FROM,
    sms: values.SMS_API_URL
      ? { url: values.SMS_API_URL, token: values.SMS_API_TOKEN!, from: values.SMS_FROM! }
      : undefined,
    oidcIssuer: values.OIDC_ISSUER,
    clientDir: resolve(values.CLIENT_DIR),
    s3: values.S3_BUCKET
      ? {
          bucket: values.S3_BUCKET,
          region: values.S3_REGION || 'us-east-1',
          endpoint: values.S3_ENDPOINT,
          accessKeyId: values.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: values.S3_SECRET_ACCESS_KEY || undefined,
          prefix: values.S3_PREFIX ?? '',
        }
      : undefined,
  };
}

/** Whether the server listens on this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(::ffff:)?127\./.test(bare);
}

/**
 * The address people open the app at, and the one start-up prints: APP_ORIGIN, else this
 * server's own. Links in email use it too: 127.0.0.1 and localhost keep separate cookies, so a
 * link to the other name would open without the session.
 */
export function appOriginOf(config: Pick<AppConfig, 'appOrigin' | 'host' | 'port'>): string {
  if (config.appOrigin) return config.appOrigin;
  const bare = config.host.replace(/^\[|\]$/g, '');
  // Listening on every interface: this machine's own name reaches it.
  const shown =
    bare === '0.0.0.0' || bare === '::' ? 'localhost' : bare.includes(':') ? `[${bare}]` : bare;
  return `http://${shown}:${config.port}`;
}

/** Where email and text messages are written when no mail server or SMS API is set. */
export function outboxDir(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, 'outbox');
}

/** What start-up should say about a setting that works but may not be what was meant. */
export function startupWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (config.demoData && !isLoopbackHost(config.host)) {
    warnings.push(
      `Demo accounts are on and the server listens on ${config.host}, so other machines can reach ` +
        "it: anyone who can open it reads the demo administrator's email and password on the " +
        'sign-in page (GET /api/auth/demo-accounts) and can sign in as administrator. For a real ' +
        'installation set DEMO_DATA=0; to keep the demo on this machine set HOST=127.0.0.1.',
    );
  }
  if (config.databaseUrl && config.trustProxy === false) {
    warnings.push(
      'TRUST_PROXY is not set. If a proxy or load balancer is in front of the server, every ' +
        "visitor appears to come from its address, and one person's failed sign-ins count for " +
        'everyone: set TRUST_PROXY to the number of proxies (1 for one nginx) or their addresses.',
    );
  }
  if (config.databaseUrl && !config.appOrigin) {
    warnings.push(
      `APP_ORIGIN is not set, so the links in email (password resets, email address checks, ` +
        `invitations, orders) point at ${appOriginOf(config)}, this machine, which people ` +
        'elsewhere cannot open: set APP_ORIGIN to the address people open ' +
        '(e.g. APP_ORIGIN=https://harvesthui.example).',
    );
  }
  return warnings;
}

/** A secret generated once and kept in DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
