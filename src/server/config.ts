import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) =>
    value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(value),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
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
    TRUST_PROXY: booleanFlag,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
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
  })
  .superRefine((env, ctx) => {
    if (!env.SMS_API_URL) return;
    for (const name of ['SMS_API_TOKEN', 'SMS_FROM'] as const) {
      if (!env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'required with SMS_API_URL' });
    }
  });

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  appOrigin: string | undefined;
  sessionSecret: string;
  sessionDays: number;
  /** Seed Hawaii demo data on the first start and show the demo accounts on sign-in. */
  demoData: boolean;
  devUserSwitcher: boolean;
  trustProxy: boolean;
  logLevel: string;
  loginRateLimit: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The HTTP SMS API; absent: text messages are written to DATA_DIR/outbox. */
  sms?: SmsApiConfig | undefined;
  oidcIssuer: string | undefined;
  /** Folder of the built web app; absent in API-only tests. */
  clientDir: string | undefined;
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
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    appOrigin: values.APP_ORIGIN?.replace(/\/$/, ''),
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    sessionDays: values.SESSION_DAYS,
    demoData: values.DEMO_DATA ?? !values.DATABASE_URL,
    devUserSwitcher: values.NODE_ENV === 'development' && values.DEV_USER_SWITCHER === true,
    trustProxy: values.TRUST_PROXY ?? false,
    // A local demo on the embedded database stays quiet; a deployment on PostgreSQL logs requests.
    logLevel: values.LOG_LEVEL ?? (values.DATABASE_URL ? 'info' : 'warn'),
    loginRateLimit: values.LOGIN_RATE_LIMIT,
    smtpUrl: values.SMTP_URL || undefined,
    mailFrom: values.MAIL_FROM,
    sms: values.SMS_API_URL
      ? { url: values.SMS_API_URL, token: values.SMS_API_TOKEN!, from: values.SMS_FROM! }
      : undefined,
    oidcIssuer: values.OIDC_ISSUER,
    clientDir: resolve(values.CLIENT_DIR),
  };
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
