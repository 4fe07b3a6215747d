import path from 'node:path';
import { z } from 'zod';
import { type ProxyTrust, parseProxyTrust } from './lib/proxy-trust.ts';

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))
  .pipe(z.url().optional());

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` lines or readable `pretty` text; unset: readable in development or at a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL: how long a request waits for a connection before it answers 503 (the database unavailable). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** PostgreSQL: the longest one statement of the application may run (then 503); 0: no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Shop <no-reply@localhost>'),
  PUBLIC_URL: optionalUrl,
  MEDIA_DIR: z.string().min(1).optional(),
  /** Where media files are kept: `local` (MEDIA_DIR) or `s3` (an S3-compatible bucket, S3_*). */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible service's address (MinIO, R2, …); unset: AWS S3 itself. */
  S3_ENDPOINT: optionalUrl,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(120)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(14 * 24 * 3600),
  /** How long a rotated refresh token still answers the pair its rotation gave (tabs refreshing at once). */
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** The longest a client may take to send a whole request (headers and body); slower ones are cut off. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  /** The proxies whose `X-Forwarded-*` name the client: `false`, a hop count (`true` is 1), or addresses and CIDRs. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): ProxyTrust => {
      const trust = parseProxyTrust(value);
      if (trust !== null) return trust;
      context.addIssue({
        code: 'custom',
        message: `"${value}" is not false, a number of proxies (1, 2, …) or proxy addresses and CIDRs separated by commas`,
      });
      return z.NEVER;
    }),
  RATE_LIMIT_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  /** Seed the demo shop (published passwords, the test card gateway) into an empty database: the local quick start
   * (`npm start` on the embedded database) asks for it; a production server never seeds it unless told to. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** The built-in test card gateway may be chosen and paid through; unset: only where the demo is seeded. */
  SANDBOX_GATEWAY_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  ORDER_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /**
   * How often each instance looks for shops to send the day's low-stock e-mail (one per shop day, whatever the
   * interval; the first look of a day that finds stock low sends it). 0: never.
   */
  LOW_STOCK_MAIL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3_600),
  /**
   * How often each instance looks for shops whose display rates are fetched (decision 028) and due: a shop's rates are
   * fetched once their last fetch is 20 hours old, and again an hour after a failed try. 0: never.
   */
  CURRENCY_RATES_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3_600),
  /**
   * How often each instance looks for pictures stored before their centre colour (the product cards' background) was
   * read on upload, and reads theirs. 0: never.
   */
  MEDIA_COLOUR_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3_600),
  /** Where the published reference rates are fetched from: the European Central Bank's daily rates (XML). */
  CURRENCY_RATES_URL: z.url().default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  /**
   * How long a consenting customer's cart must wait unchanged before its one reminder (issue 49), looked for every
   * CART_REMINDER_INTERVAL_SECONDS. 0: no reminders.
   */
  ABANDONED_CART_REMINDER_MINUTES: z.coerce.number().int().min(0).max(43_200).default(240),
  /** How often each instance looks for carts whose wait is over (while reminders are on). */
  CART_REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** How old a refund left requested or being sent (a crash) must be before the reconciliation job takes it over. */
  REFUND_REDRIVE_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * Fault tests only (a failpoint): the process kills itself (SIGKILL) right after committing a transaction that
   * emitted this event, before anything is delivered. Never set it elsewhere.
   */
  FAULT_KILL_AFTER_COMMIT_OF: z.string().max(100).default(''),
  /** How often each instance delivers outbox events a crash or a failing handler left (decision 021). 0: never. */
  OUTBOX_DELIVERY_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(5),
  /** How often each instance looks for queued mail that is due (a retry, or mail another instance left). 0: never. */
  MAIL_DELIVERY_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(15),
  /** Delivery attempts per message; the delay before a retry starts here and doubles (10 attempts: about 8 hours). */
  MAIL_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(10),
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  /** Public pages and API reads are served from the cache this long, then stale this long while one refresh runs;
   * a change of what they show empties a shop's part at once. 0: no cache. */
  RESPONSE_CACHE_FRESH_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  RESPONSE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** The in-memory cache's size (without REDIS_URL). */
  RESPONSE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4_096).default(64),
  PAYMENT_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  TWOC2P_SANDBOX_URL: z.url().default('https://sandbox-pgw.2c2p.com'),
  TWOC2P_PRODUCTION_URL: z.url().default('https://pgw.2c2p.com'),
  SANDBOX_GATEWAY_LATE_NOTIFICATION_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** 2C2P's Payment Maintenance API (refunds, voids): its hosts, and the folder of each merchant's exchanged keys
   * (`<merchant id>/merchant-private.pem`, `<merchant id>/2c2p-public.pem`; secret files, never in the repository). */
  TWOC2P_MAINTENANCE_SANDBOX_URL: z.url().default('https://demo2.2c2p.com/2C2PFrontend'),
  TWOC2P_MAINTENANCE_PRODUCTION_URL: z.url().default('https://t.2c2p.com'),
  TWOC2P_MAINTENANCE_KEYS_DIR: z.string().default(''),
  /** The built-in sandbox gateway settles a card payment this long after it was paid (0: at once); until then it can
   * be voided and not refunded, as a card payment before the acquirer's cut-off. */
  SANDBOX_GATEWAY_SETTLE_AFTER_SECONDS: z.coerce.number().int().min(0).max(604_800).default(0),
  /** How many status polls a sandbox refund of an amount ending in .01 (completes) or .02 (fails) stays pending. */
  SANDBOX_GATEWAY_REFUND_PENDING_POLLS: z.coerce.number().int().min(0).max(100).default(1),
  STOREFRONT_TENANT_TOKEN: z.string().min(1).default('khukuri-demo'),
  STOREFRONT_TENANTS_BY_HOST: z.string().default(''),
  API_URL: optionalUrl,
  MEDIA_HOST: z.string().default(''),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'SANDBOX_GATEWAY_ENABLED'> & {
  mediaDir: string;
  SANDBOX_GATEWAY_ENABLED: boolean;
};

/** Every variable the platform reads (the README's configuration table and docs/deploy.md name each). */
export const CONFIG_VARIABLES = Object.keys(ConfigSchema.shape);

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; a wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const config = result.data;
  if (config.MEDIA_STORAGE === 's3' && !config.S3_BUCKET) {
    throw new ConfigError(['S3_BUCKET: is required with MEDIA_STORAGE=s3']);
  }
  return {
    ...config,
    SANDBOX_GATEWAY_ENABLED: config.SANDBOX_GATEWAY_ENABLED ?? config.SEED_DEMO,
    mediaDir: config.MEDIA_DIR ?? path.join(config.DATA_DIR, 'media'),
  };
}
