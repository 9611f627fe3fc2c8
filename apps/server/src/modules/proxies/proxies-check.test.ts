import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import {
  api,
  closedPort,
  type Running,
  startCheckServer,
  startHttpProxy,
  startSilentServer,
  startSocksProxy,
} from './proxies.test-support';

const CREDENTIALS = { username: 'alice', password: 's3cret:with:colons' };

describe('POST /proxies/:id/check through real proxies on loopback', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let checkServer: Awaited<ReturnType<typeof startCheckServer>>;
  let httpProxy: Awaited<ReturnType<typeof startHttpProxy>>;
  let httpAuthProxy: Awaited<ReturnType<typeof startHttpProxy>>;
  let socksProxy: Running;
  let socksAuthProxy: Running;
  let silent: Running;

  beforeAll(async () => {
    checkServer = await startCheckServer();
    httpProxy = await startHttpProxy();
    httpAuthProxy = await startHttpProxy(CREDENTIALS);
    socksProxy = await startSocksProxy();
    socksAuthProxy = await startSocksProxy(CREDENTIALS);
    silent = await startSilentServer();
    t = await createTestApp({
      env: {
        PROXY_CHECK_URL: checkServer.url,
        PROXY_CHECK_TIMEOUT_SECONDS: '1',
        PROXY_CHECK_SCHEDULE_MINUTES: '0',
      },
    });
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
  });
  afterAll(async () => {
    await t.close();
    for (const server of [checkServer, httpProxy, httpAuthProxy, socksProxy, socksAuthProxy, silent]) {
      await server.close();
    }
  });

  async function addAndCheck(body: object) {
    const created = await admin.post('/proxies', body);
    expect(created.statusCode, created.body).toBe(201);
    const res = await admin.post(`/proxies/${created.json().id}/check`);
    expect(res.statusCode, res.body).toBe(200);
    // What the check answered is what was recorded.
    expect((await admin.get(`/proxies/${created.json().id}`)).json()).toEqual(res.json());
    return res.json();
  }

  const expectOk = (proxy: Record<string, unknown>) => {
    expect(proxy).toMatchObject({ checkStatus: 'ok', exitIp: '127.0.0.1', lastError: null });
    expect(proxy.latencyMs).toEqual(expect.any(Number));
    expect(new Date(proxy.lastCheckedAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
  };

  it('records ok, latency and exit IP for a working HTTP proxy', async () => {
    const before = httpProxy.seen.requests;
    const proxy = await addAndCheck({ type: 'http', host: '127.0.0.1', port: httpProxy.port });
    expectOk(proxy);
    // It really went through the proxy (an absolute-URI request for an http check URL).
    expect(httpProxy.seen.requests).toBe(before + 1);
  });

  it('records ok for an HTTP proxy that requires the credentials it was given', async () => {
    expectOk(await addAndCheck({ type: 'http', host: '127.0.0.1', port: httpAuthProxy.port, ...CREDENTIALS }));
  });

  it('records ok for working SOCKS5 proxies, with and without credentials', async () => {
    expectOk(await addAndCheck({ type: 'socks5', host: '127.0.0.1', port: socksProxy.port }));
    expectOk(await addAndCheck({ type: 'socks5', host: '127.0.0.1', port: socksAuthProxy.port, ...CREDENTIALS }));
  });

  it('records a failure for wrong credentials, saying the proxy refused them', async () => {
    const http = await addAndCheck({
      type: 'http',
      host: '127.0.0.1',
      port: httpAuthProxy.port,
      username: 'mallory',
      password: 'wrong',
    });
    expect(http).toMatchObject({
      checkStatus: 'failed',
      lastError: 'Proxy refused the credentials (407)',
      exitIp: null,
      latencyMs: null,
    });
    const noCredentials = await addAndCheck({ type: 'http', host: '127.0.0.1', port: httpAuthProxy.port, label: 'x' });
    expect(noCredentials.lastError).toBe('Proxy refused the credentials (407)');
    const socks = await addAndCheck({
      type: 'socks5',
      host: '127.0.0.1',
      port: socksAuthProxy.port,
      username: 'mallory',
      password: 'wrong',
    });
    expect(socks).toMatchObject({ checkStatus: 'failed', lastError: 'Proxy refused the credentials' });
  });

  it('records "Connection refused" for a dead proxy of every type', async () => {
    const port = await closedPort();
    for (const type of ['http', 'https', 'socks5']) {
      expect(await addAndCheck({ type, host: '127.0.0.1', port })).toMatchObject({
        checkStatus: 'failed',
        lastError: 'Connection refused',
      });
    }
  });

  it('gives up at the configured timeout on a proxy that never answers', async () => {
    const started = Date.now();
    for (const type of ['http', 'socks5']) {
      expect(await addAndCheck({ type, host: '127.0.0.1', port: silent.port })).toMatchObject({
        checkStatus: 'failed',
        lastError: 'Timed out after 1 s',
      });
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('turns a failed proxy back to ok when it works again, and audits each on-demand check', async () => {
    const own = await startHttpProxy({ username: 'bob', password: 'right' });
    const body = { type: 'http', host: '127.0.0.1', port: own.port, username: 'bob', password: 'wrong' };
    const created = (await admin.post('/proxies', body)).json();
    expect((await admin.post(`/proxies/${created.id}/check`)).json().checkStatus).toBe('failed');
    const fixed = await admin.patch(`/proxies/${created.id}`, { password: 'right' });
    // A new password means the old outcome no longer says anything.
    expect(fixed.json()).toMatchObject({ checkStatus: 'unchecked', lastError: null, lastCheckedAt: null });
    expectOk((await admin.post(`/proxies/${created.id}/check`)).json());
    await own.close();
    const actions = (await t.app.ctx.audit.listForTarget('proxy', created.id)).map((row) => row.action);
    expect(actions.filter((a) => a === AUDIT_ACTIONS.proxyChecked)).toHaveLength(2);
  });

  it('answers 404 for an unknown proxy', async () => {
    const res = await admin.post('/proxies/00000000-0000-4000-8000-000000000000/check');
    expect(res.statusCode).toBe(404);
  });
});
