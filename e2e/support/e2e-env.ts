import { fileURLToPath } from 'node:url';

/**
 * Where everything lives during the end-to-end run, on fixed loopback ports. The consoles reach
 * the API under their own origin (`/api`); the tests' own calls go to API_URL.
 */
export const API_PORT = 18080;
export const API_URL = `http://localhost:${API_PORT}`;

/** The four builds (spec §1), each served on its own origin. */
export const CONSOLES = {
  admin: { port: 13000, dist: 'admin' },
  merchant: { port: 13001, dist: 'merchant' },
  'admin-bisnis': { port: 13002, dist: 'admin-bisnis' },
  'merchant-bisnis': { port: 13003, dist: 'merchant-bisnis' },
} as const;
export type ConsoleTarget = keyof typeof CONSOLES;

/** The consoles' builds; E2E_WEB_DIST lets a local run use a private copy, safe from concurrent rebuilds. */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

export function consoleUrl(target: ConsoleTarget): string {
  return `http://localhost:${CONSOLES[target].port}`;
}

export const ADMIN_URL = consoleUrl('admin');
export const MERCHANT_URL = consoleUrl('merchant');

export const SMTP_PORT = 12525;
/** The mail sink's read endpoint, for test workers (the sink itself lives in the runner process). */
export const MAILBOX_URL = 'http://127.0.0.1:12526';

/**
 * The server's PROXY_CHECK_URL: a loopback stand-in for ipify (started by global setup) that
 * answers {"ip": "<the address it saw>"}, so proxy checks need no internet.
 */
export const PROXY_CHECK_URL = 'http://127.0.0.1:12527/ip';

export const FIRST_ADMIN_EMAIL = 'admin@e2e.gerbang.test';
/** Set by activation.spec.ts; every later project depends on it. */
export const FIRST_ADMIN_PASSWORD = 'first-admin-e2e-password';

/** Environment variable through which global setup hands the printed activation link to the tests. */
export const ACTIVATION_LINK_ENV = 'GERBANG_E2E_FIRST_ADMIN_LINK';

/** Where the server mails alerts during the run (ALERT_EMAILS). */
export const ALERTS_EMAIL = 'alerts@e2e.gerbang.test';
