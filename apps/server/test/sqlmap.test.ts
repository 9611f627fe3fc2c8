import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../src/modules/realtime/realtime.test-support';
import { createApiTokenAs, merchantWithUser } from './helpers/merchant-api';
import { createTestApp, signedInUser, type TestApp } from './helpers/test-app';

/**
 * Debian's sqlmap against the API's parameters: list filters, searches, cursors, ids in paths, the
 * sign-in body and the merchant API (docs/security.md). Minutes long, so it runs on demand:
 * `SQLMAP=1 npx vitest run test/sqlmap.test.ts` in apps/server (on PostgreSQL with
 * TEST_DATABASE=postgres), or `ONLY=sqlmap npm run stress`.
 */
const run = promisify(execFile);
const enabled = process.env.SQLMAP === '1';
const ID = '7b101e43-135b-4a10-b99f-6a2b6bbcb978';

type Target = { name: string; url: string; auth: 'admin' | 'merchant' | 'api' | 'none'; data?: string };

const TARGETS: Target[] = [
  {
    name: 'payment sessions: filters and search',
    url: '/payment-sessions?status=success&referenceNumber=A1&search=A&method=dana',
    auth: 'admin',
  },
  {
    name: 'payment sessions: cursor',
    url: '/payment-sessions?cursor=eyJhdCI6IjIwMjYtMDEtMDFUMDA6MDA6MDBaIiwiaWQiOiI3YjEwMWU0My0xMzViLTRhMTAtYjk5Zi02YTJiNmJiY2I5NzgifQ',
    auth: 'admin',
  },
  { name: 'users: search and status', url: '/users?q=ann&status=active&limit=10', auth: 'admin' },
  { name: 'devices: search and presence', url: '/devices?q=phone&presence=online&sort=name', auth: 'admin' },
  { name: 'wallet accounts: search and provider', url: '/wallets?q=0813&provider=dana&status=active', auth: 'admin' },
  {
    name: 'incoming transfers: review queues',
    url: '/transactions?outcome=unmatched&awaitingReview=true',
    auth: 'admin',
  },
  {
    name: 'withdrawals: status and merchant',
    url: `/withdrawal-requests?status=approved&merchantId=${ID}`,
    auth: 'admin',
  },
  { name: 'merchants: id in the path', url: `/merchants/${ID}*`, auth: 'admin' },
  { name: 'merchant console: own sessions', url: '/payment-sessions?referenceNumber=A1&search=A', auth: 'merchant' },
  { name: 'merchant API: sessions list', url: '/v1/payment-sessions?referenceNumber=A1&status=success', auth: 'api' },
  { name: 'merchant API: one session by id', url: `/v1/payment-sessions/${ID}*`, auth: 'api' },
  { name: 'public deposit page by id', url: `/public/deposits/${ID}*`, auth: 'none' },
  { name: 'sign-in body', url: '/auth/signin', auth: 'none', data: '{"email":"a@example.test","password":"x"}' },
];

describe.skipIf(!enabled)('sqlmap finds no SQL injection', () => {
  let t: TestApp;
  let base = '';
  const headers: Record<Target['auth'], string> = { admin: '', merchant: '', api: '', none: '' };
  const outputDir = mkdtempSync(join(tmpdir(), 'gerbang-sqlmap-'));

  beforeAll(async () => {
    // Without the scanner every target would fail with an empty output: say what is missing instead.
    await run('sqlmap', ['--version']).catch(() => {
      throw new Error('sqlmap is not installed: apt-get install sqlmap (the Debian package npm run stress needs)');
    });
    t = await createTestApp({ env: { PROXY_CHECK_SCHEDULE_MINUTES: '0', HEALTH_CHECK_SCHEDULE_MINUTES: '0' } });
    base = await listen(t.app);
    const admin = await signedInUser(t, ROLE.Admin);
    const shop = await merchantWithUser(t);
    const token = await createApiTokenAs(shop.console);
    headers.admin = `Authorization: ${admin.headers.authorization}`;
    headers.merchant = `Authorization: ${shop.sessionHeaders.authorization}`;
    headers.api = `Authorization: Bearer ${token.secret}`;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(outputDir, { recursive: true, force: true });
  });

  for (const target of TARGETS) {
    it(
      `${target.name}: ${target.url}`,
      async () => {
        const args = [
          '-u',
          `${base}${target.url}`,
          '--batch',
          '--dbms=PostgreSQL',
          '--level=3',
          '--risk=2',
          '--time-sec=2',
          '--threads=4',
          '--flush-session',
          `--output-dir=${outputDir}`,
          '--disable-coloring',
          // A refused sign-in (401), an id that names nothing (404) and a refused value (422) are the
          // answers to compare, not reasons to stop.
          '--ignore-code=401,404,422',
          ...(headers[target.auth] ? [`--headers=${headers[target.auth]}`] : []),
          ...(target.data
            ? ['--method=POST', `--data=${target.data}`, '--headers=Content-Type: application/json']
            : []),
        ];
        const { stdout } = await run('sqlmap', args, { maxBuffer: 64 * 1024 * 1024, timeout: 20 * 60_000 }).catch(
          (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
        );
        const verdicts = stdout
          .split('\n')
          .filter((line) => /injectable|vulnerable|identified the following injection/i.test(line));
        console.log(`${target.name}:\n  ${verdicts.join('\n  ')}`);
        expect(stdout).not.toMatch(/identified the following injection point|is vulnerable/i);
        expect(stdout, stdout.slice(-1500)).toMatch(/do not appear to be injectable|not injectable/i);
      },
      25 * 60_000,
    );
  }
});
