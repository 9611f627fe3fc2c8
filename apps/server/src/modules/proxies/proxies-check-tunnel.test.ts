import { ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { api, type Running, startCheckServer, startHttpProxy, startSocksProxy } from './proxies.test-support';

/**
 * An https check URL goes through a tunnel (HTTP CONNECT, or SOCKS) and TLS is verified end to
 * end. The "https" server here is a plain HTTP one, so the TLS handshake fails once the tunnel is
 * up: what is recorded shows how far the check got.
 */
describe('proxy checks of an https check URL', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let checkServer: Running;
  let httpProxy: Awaited<ReturnType<typeof startHttpProxy>>;
  let socksProxy: Running;

  beforeAll(async () => {
    checkServer = await startCheckServer();
    httpProxy = await startHttpProxy({ username: 'alice', password: 'right' });
    socksProxy = await startSocksProxy();
    t = await createTestApp({
      env: {
        PROXY_CHECK_URL: `https://127.0.0.1:${checkServer.port}/ip`,
        PROXY_CHECK_TIMEOUT_SECONDS: '2',
        PROXY_CHECK_SCHEDULE_MINUTES: '0',
      },
    });
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
  });
  afterAll(async () => {
    await t.close();
    for (const server of [checkServer, httpProxy, socksProxy]) await server.close();
  });

  async function addAndCheck(body: object) {
    const created = await admin.post('/proxies', body);
    expect(created.statusCode, created.body).toBe(201);
    return (await admin.post(`/proxies/${created.json().id}/check`)).json();
  }

  it('opens a CONNECT tunnel through an HTTP proxy, then verifies TLS', async () => {
    const before = httpProxy.seen.connects;
    const proxy = await addAndCheck({
      type: 'http',
      host: '127.0.0.1',
      port: httpProxy.port,
      username: 'alice',
      password: 'right',
    });
    expect(httpProxy.seen.connects).toBe(before + 1);
    expect(proxy.checkStatus).toBe('failed');
    expect(proxy.lastError).toMatch(/^TLS handshake failed/);
  });

  it('reports refused credentials on the CONNECT request', async () => {
    const proxy = await addAndCheck({
      type: 'http',
      host: '127.0.0.1',
      port: httpProxy.port,
      username: 'mallory',
      password: 'wrong',
    });
    expect(proxy).toMatchObject({ checkStatus: 'failed', lastError: 'Proxy refused the credentials (407)' });
  });

  it('opens a SOCKS5 tunnel, then verifies TLS', async () => {
    const proxy = await addAndCheck({ type: 'socks5', host: '127.0.0.1', port: socksProxy.port });
    expect(proxy.checkStatus).toBe('failed');
    expect(proxy.lastError).toMatch(/^TLS handshake failed/);
  });
});
