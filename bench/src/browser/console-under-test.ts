import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { silentLogger, startFleet } from '@gerbang/simulator';
import { consoleStorageOf, signInAsConsole } from '../api';
import { benchDeviceName, benchDeviceToken } from '../realtime/device-tokens';
import { freePort } from '../realtime/redis';
import { startServerChild } from '../realtime/server-child';
import { BENCH_MERCHANT_USER_EMAIL } from '../seed';
import { serveConsole } from './served-console';

/** How the browser benchmarks launch Debian's Chromium. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

/** CHROMIUM_PATH or Debian's; null (after saying why) when it is not installed. */
export function chromiumPathOrSkip(log: (message: string) => void): string | null {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  log(`no Chromium at ${path} (Debian: sudo apt-get install chromium, or set CHROMIUM_PATH): skipped`);
  return null;
}

/** A console as a signed-in user opens it. */
export type SignedInConsole = {
  consoleUrl: string;
  /**
   * Signs its user in again: a fresh session's storage. Its access token lives ten minutes, and a
   * page that refreshes a session rotates its refresh token, so a stored one must not be reused.
   */
  signIn(): Promise<[string, string][]>;
  /** Every path of the console's route table. */
  routePaths: string[];
};

/** The admin console for the bench's Admin, its API, its phones and, when asked for, the merchant console. */
export type ConsoleUnderTest = SignedInConsole & {
  /** What the sign-in page leaves in localStorage for the Admin (a session that `signIn` does not end). */
  storage: [string, string][];
  apiUrl: string;
  fleet: Awaited<ReturnType<typeof startFleet>>;
  /** The Admin's API headers. */
  headers: Record<string, string>;
  /** The merchant console, for the bench merchant's owner (when asked for). */
  merchant: SignedInConsole | null;
  stop(): Promise<void>;
};

/**
 * A browser benchmark's world: a Gerbang API in a child process (PGlite), the admin console built
 * against it and served as `npm start` serves it, `devices` simulated phones online (with
 * `walletAccounts` DANA accounts, ten per phone), and a signed-in Admin; with `merchantConsole`,
 * the merchant console too, its owner signed in.
 */
export async function startConsoleUnderTest(options: {
  adminEmail: string;
  devices: number;
  walletAccounts?: number;
  accountsSignedIn?: boolean;
  /** Also the merchant console, signed in as the bench merchant's owner. */
  merchantConsole?: boolean;
}): Promise<ConsoleUnderTest> {
  const secret = randomBytes(16).toString('hex');
  const password = randomBytes(12).toString('base64url');
  const consolePort = await freePort();
  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  const merchantPort = options.merchantConsole ? await freePort() : null;
  const merchantConsoleUrl = merchantPort ? `http://127.0.0.1:${merchantPort}` : null;
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  };
  try {
    const api = await startServerChild('gerbang', './gerbang-instance.ts', {
      BENCH_CONSOLE_USERS: JSON.stringify({ emails: [options.adminEmail], password }),
      BENCH_DEVICES: JSON.stringify({ count: options.devices, secret }),
      ...(options.walletAccounts ? { BENCH_WALLET_ACCOUNTS: String(options.walletAccounts) } : {}),
      ADMIN_CONSOLE_URL: consoleUrl,
      ...(merchantConsoleUrl
        ? { MERCHANT_CONSOLE_URL: merchantConsoleUrl, BENCH_MERCHANT_USER_PASSWORD: password }
        : {}),
    });
    cleanups.push(() => api.stop());
    const signInAs = (email: string) => async () => consoleStorageOf(await signInAsConsole(api.url, email, password));
    const served = await serveConsole('admin', api.url, consolePort);
    cleanups.push(() => served.close());
    let merchant: SignedInConsole | null = null;
    if (merchantPort && merchantConsoleUrl) {
      const servedMerchant = await serveConsole('merchant', api.url, merchantPort);
      cleanups.push(() => servedMerchant.close());
      merchant = {
        consoleUrl: merchantConsoleUrl,
        signIn: signInAs(BENCH_MERCHANT_USER_EMAIL),
        routePaths: servedMerchant.routePaths,
      };
    }
    const fleet = await startFleet({
      server: api.url,
      devices: Array.from({ length: options.devices }, (_, i) => ({
        name: benchDeviceName(i),
        id: '',
        token: benchDeviceToken(secret, i),
      })),
      accountsSignedIn: options.accountsSignedIn ?? false,
      latencyMs: 50,
      failureRate: 0,
      busyRate: 0,
      seed: 7,
      logger: silentLogger,
    });
    cleanups.push(() => fleet.stop());
    await fleet.whenOnline(options.devices, 60_000);
    const session = await signInAsConsole(api.url, options.adminEmail, password);
    return {
      consoleUrl,
      apiUrl: api.url,
      fleet,
      storage: consoleStorageOf(session),
      signIn: signInAs(options.adminEmail),
      headers: { authorization: `Bearer ${session.accessToken}` },
      routePaths: served.routePaths,
      merchant,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
