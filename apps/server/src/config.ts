import {
  API_LOG_RETENTION_DAYS,
  DEPOSIT_MATCH_TOLERANCE_PERCENT,
  STEP_UP_VALID_SECONDS,
  WITHDRAWAL_CONFIRM_SECONDS,
} from '@gerbang/contract';
import { z } from 'zod';
import type { SecretBoxKeys } from './crypto/secret-box';

/**
 * Every setting the server reads, parsed once at boot. Nothing else reads process.env.
 * Secrets have no defaults: with DATABASE_URL they must be set; on the embedded default they are
 * generated on first run and kept in DATA_DIR (see secrets.ts).
 */
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const secret = z.string().min(32, 'must be at least 32 characters');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  MERCHANT_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Prometheus metrics (`GET /metrics`) listen here, apart from the API; 0 picks a free port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Where the metrics port listens: the loopback by default, so only this host (or a sidecar) scrapes it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Serve the built admin and merchant consoles from this process. */
  SERVE_CONSOLES: bool.default(true),
  /** Which colour variant of the consoles to serve: standard (admin, merchant) or bisnis. */
  CONSOLE_VARIANT: z.enum(['standard', 'bisnis']).default('standard'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Gerbang <no-reply@gerbang.local>'),
  JWT_SECRET: secret.optional(),
  /** 32 bytes, base64 or hex: AES-256-GCM key for secrets at rest. */
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => decodeKey(v)?.length === 32, 'must be 32 bytes in base64 or hex')
    .optional(),
  /** The name sealed values carry for ENCRYPTION_KEY: a new key gets a new name (docs/operations.md, key rotation). */
  ENCRYPTION_KEY_VERSION: z
    .string()
    .regex(/^[a-z0-9]{1,16}$/, 'lowercase letters and digits, at most 16')
    .default('v1'),
  /** Retired keys that still open old values until `npm run admin -- reseal` has run: `v1:<key>,v2:<key>`. */
  ENCRYPTION_KEYS_PREVIOUS: z
    .string()
    .refine(
      (text) =>
        text.split(',').every((entry) => {
          const [version, key, ...rest] = entry.trim().split(':');
          return rest.length === 0 && /^[a-z0-9]{1,16}$/.test(version ?? '') && decodeKey(key ?? '')?.length === 32;
        }),
      'a comma-separated list of version:key, each key 32 bytes in base64 or hex',
    )
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(20),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Payment sessions one IP may open through payment links (/request-transaction) per hour. */
  PAYMENT_LINKS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Requests one merchant API token may make per minute (429 with Retry-After beyond); shared across instances through Redis. */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Days the merchant API's request log keeps each request; 0 keeps no log at all. */
  API_LOG_RETENTION_DAYS: z.coerce.number().int().min(0).max(365).default(API_LOG_RETENTION_DAYS),
  ADMIN_EMAIL: z.email().default('admin@gerbang.local'),
  /** Where the admin console (and the customer pages) is reached; defaults to localhost on ADMIN_PORT. */
  ADMIN_CONSOLE_URL: z.url().optional(),
  /** Where the merchant console is reached; defaults to localhost on MERCHANT_PORT. */
  MERCHANT_CONSOLE_URL: z.url().optional(),
  /** Comma-separated origins allowed by CORS; defaults to the two console URLs. */
  CORS_ORIGINS: z.string().optional(),
  /**
   * The passkeys' relying party: a domain the consoles' hosts are, or end in (a passkey works only
   * on that domain and its subdomains). Default: the consoles' host, or the parent domain both
   * consoles share (admin.gerbang.example and merchant.gerbang.example: gerbang.example).
   */
  WEBAUTHN_RP_ID: z
    .string()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'a domain name, without scheme or port')
    .optional(),
  /**
   * CSP frame-ancestors of customer pages that name no payment session; a session's deposit page
   * may be framed by its merchant's embed origins only.
   */
  EMBED_FRAME_ANCESTORS: z.string().default('*'),
  /**
   * Waits between webhook delivery attempts, in seconds: a failed first attempt is retried after
   * each of these in turn (±20 % jitter), then the event is marked failed. Default: 8 retries over
   * about 46 hours.
   */
  WEBHOOK_RETRY_DELAYS_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'a comma-separated list of whole seconds')
    .default('60,300,900,3600,10800,21600,43200,86400')
    .transform((text) => text.split(',').map(Number)),
  /** How long a webhook receiver has to answer one delivery. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /**
   * Whether merchants' webhooks may go to loopback and private addresses (a receiver on this
   * machine or inside the operator's network); link-local and metadata addresses never.
   */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool.default(false),
  /** A merchant endpoint whose deliveries all failed for this many days is disabled, its owners mailed; 0: never. */
  WEBHOOK_DISABLE_AFTER_DAYS: z.coerce.number().int().min(0).max(90).default(3),
  /** Health checks of every online device run this often; 0 turns the schedule off. */
  HEALTH_CHECK_SCHEDULE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(30),
  /**
   * The ledger's invariants (the ones the tests check) are checked against the database this often
   * by one instance; a violation is logged and raises gerbang_ledger_invariant_violations. 0: off.
   */
  LEDGER_CHECK_SCHEDULE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(15),
  /** How long an agent has to answer a health check before it is recorded as failed (timeout). */
  HEALTH_CHECK_DEADLINE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** How long a phone has to answer a wallet command (a check or a login step) before it fails as timeout. */
  WALLET_COMMAND_DEADLINE_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** How long a phone has to report a transfer's outcome; past it the withdrawal is uncertain (never failed). */
  TRANSFER_DEADLINE_SECONDS: z.coerce.number().int().min(1).max(1800).default(120),
  /** How long a customer has to confirm a verified withdrawal on the /withdraw page. */
  WITHDRAWAL_CONFIRM_SECONDS: z.coerce.number().int().min(10).max(3600).default(WITHDRAWAL_CONFIRM_SECONDS),
  /** How far a transfer may be from a session's final amount for an operator to match them (percent). */
  DEPOSIT_MATCH_TOLERANCE_PERCENT: z.coerce.number().min(0).max(20).default(DEPOSIT_MATCH_TOLERANCE_PERCENT),
  /** A transfer's resolution (a match, a refund outside) above this needs a second operator (whole rupiah). */
  RESOLUTION_APPROVAL_ABOVE_IDR: z.coerce.number().int().min(0).default(10_000_000),
  /** The same in pesos (whole pesos). */
  RESOLUTION_APPROVAL_ABOVE_PHP: z.coerce.number().int().min(0).default(50_000),
  /** How long a proved second factor lets money actions through (step-up). */
  STEP_UP_VALID_SECONDS: z.coerce.number().int().min(1).max(3600).default(STEP_UP_VALID_SECONDS),
  /** How long a confirmed customer withdrawal may wait for a free sending account before it fails (hold released). */
  WITHDRAWAL_QUEUE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /**
   * How long after a transfer's deadline its absence from the sending account's history proves it
   * was not made (providers list a transfer late); an earlier read can only prove it was.
   */
  TRANSFER_HISTORY_LAG_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * How late a phone may report a customer's transfer: after a payment session ends, its final
   * amount stays out of reuse on its account this long (beside the clock skew), so a late report
   * still pays the session it was for.
   */
  DEPOSIT_REPORT_LAG_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Balance, transfer and history checks of every active, logged-in account run this often; 0 turns it off. */
  WALLET_CHECK_SCHEDULE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(30),
  /** This many failed checks or commands in a row auto-disable a wallet account. */
  WALLET_AUTO_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(100).default(3),
  /** Proxy checks fetch this URL through the proxy; its answer (JSON with `ip`, or text) is the exit IP. */
  PROXY_CHECK_URL: z.url().default('https://api.ipify.org?format=json'),
  PROXY_CHECK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /** Every proxy is checked this often; 0 turns the schedule off. */
  PROXY_CHECK_SCHEDULE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(15),
  /** Alert rules are evaluated this often (once across instances); 0 turns alerts off. */
  ALERT_EVALUATE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Who is mailed when an alert opens or resolves: comma-separated addresses (none: no mail). */
  ALERT_EMAILS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  /** Where alerts are POSTed as they open and resolve (signed like merchant webhooks). */
  ALERT_WEBHOOK_URL: z.url().optional(),
  /** The signing secret of ALERT_WEBHOOK_URL's Gerbang-Signature header. */
  ALERT_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** `gerbang`: the alert as JSON; `slack`: a Slack-compatible `{ "text": … }` body. */
  ALERT_WEBHOOK_FORMAT: z.enum(['gerbang', 'slack']).default('gerbang'),
  /** How often each instance looks for due scheduled work. */
  SCHEDULER_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  TRUST_PROXY: bool.default(false),
  /** Every merchant's API tokens that move money out must name their allowed networks. */
  API_TOKEN_ALLOWLIST_REQUIRED: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** The settings as parsed, with the console URLs derived from their ports when not given. */
export type RawConfig = z.infer<typeof configSchema> & {
  ADMIN_CONSOLE_URL: string;
  MERCHANT_CONSOLE_URL: string;
  WEBAUTHN_RP_ID: string;
};

/** The config after secrets are resolved: everything the app needs, nothing optional that must exist. */
export type Config = Omit<RawConfig, 'JWT_SECRET' | 'ENCRYPTION_KEY' | 'CORS_ORIGINS'> & {
  JWT_SECRET: string;
  ENCRYPTION_KEY: Buffer;
  /** The secret box's keys: ENCRYPTION_KEY under its version, and the retired ones. */
  ENCRYPTION_KEYS: SecretBoxKeys;
  CORS_ORIGINS: string[];
  /** The origins a passkey may be used from: the CORS origins on the relying party's domain. */
  WEBAUTHN_ORIGINS: string[];
};

export function decodeKey(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const buf = Buffer.from(value, 'base64');
  return buf.length > 0 ? buf : undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment; throws ConfigError listing every bad or missing setting. */
export function parseConfig(env: Record<string, string | undefined>): RawConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const adminConsoleUrl = result.data.ADMIN_CONSOLE_URL ?? `http://localhost:${result.data.ADMIN_PORT}`;
  const merchantConsoleUrl = result.data.MERCHANT_CONSOLE_URL ?? `http://localhost:${result.data.MERCHANT_PORT}`;
  const consoleHosts = [adminConsoleUrl, merchantConsoleUrl].map((url) => new URL(url).hostname);
  const config = {
    ...result.data,
    ADMIN_CONSOLE_URL: adminConsoleUrl,
    MERCHANT_CONSOLE_URL: merchantConsoleUrl,
    WEBAUTHN_RP_ID: result.data.WEBAUTHN_RP_ID ?? sharedDomainOf(consoleHosts),
  };
  if (!consoleHosts.some((host) => isOnDomain(host, config.WEBAUTHN_RP_ID))) {
    throw new ConfigError([
      `WEBAUTHN_RP_ID: ${config.WEBAUTHN_RP_ID} is neither console's host nor a parent domain of it (${consoleHosts.join(', ')})`,
    ]);
  }
  const previous = previousKeys(config.ENCRYPTION_KEYS_PREVIOUS);
  if (config.ENCRYPTION_KEY_VERSION in previous) {
    throw new ConfigError([
      `ENCRYPTION_KEYS_PREVIOUS: names ${config.ENCRYPTION_KEY_VERSION}, the version of ENCRYPTION_KEY; give the new key a new ENCRYPTION_KEY_VERSION`,
    ]);
  }
  if (config.DATABASE_URL) {
    const missing = (['JWT_SECRET', 'ENCRYPTION_KEY'] as const).filter((k) => !config[k]);
    if (missing.length > 0) {
      throw new ConfigError(missing.map((k) => `${k}: required when DATABASE_URL is set`));
    }
  }
  return config;
}

export function resolveConfig(raw: RawConfig, secrets: { JWT_SECRET: string; ENCRYPTION_KEY: string }): Config {
  const corsOrigins = raw.CORS_ORIGINS
    ? raw.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : [raw.ADMIN_CONSOLE_URL, raw.MERCHANT_CONSOLE_URL].map((u) => new URL(u).origin);
  const key = decodeKey(raw.ENCRYPTION_KEY ?? secrets.ENCRYPTION_KEY) as Buffer;
  return {
    ...raw,
    JWT_SECRET: raw.JWT_SECRET ?? secrets.JWT_SECRET,
    ENCRYPTION_KEY: key,
    ENCRYPTION_KEYS: {
      current: { version: raw.ENCRYPTION_KEY_VERSION, key },
      previous: previousKeys(raw.ENCRYPTION_KEYS_PREVIOUS),
    },
    CORS_ORIGINS: corsOrigins,
    WEBAUTHN_ORIGINS: corsOrigins.filter(
      (origin) => URL.canParse(origin) && isOnDomain(new URL(origin).hostname, raw.WEBAUTHN_RP_ID),
    ),
  };
}

/** `host` is `domain` or one of its subdomains (what WebAuthn asks of an origin and its RP ID). */
export function isOnDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * The longest domain every host is on, of two labels at least (one label, such as `com`, names no
 * site); when the hosts share none, the first (the admin console's). Public suffixes of two labels
 * (`co.id`) cannot be told apart here: consoles on two sites under one need WEBAUTHN_RP_ID.
 */
function sharedDomainOf(hosts: string[]): string {
  const [first = 'localhost', ...rest] = hosts;
  let shared = first.split('.').reverse();
  for (const host of rest) {
    const labels = host.split('.').reverse();
    let same = 0;
    while (same < shared.length && shared[same] === labels[same]) same += 1;
    shared = shared.slice(0, same);
  }
  const isWholeHost = shared.length === first.split('.').length;
  return isWholeHost || shared.length >= 2 ? shared.reverse().join('.') : first;
}

function previousKeys(text: string | undefined): Record<string, Buffer> {
  if (!text) return {};
  return Object.fromEntries(
    text.split(',').map((entry) => {
      const [version, key] = entry.trim().split(':') as [string, string];
      return [version, decodeKey(key) as Buffer];
    }),
  );
}
