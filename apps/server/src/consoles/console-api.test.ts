import { get } from 'node:http';
import { REALTIME_PATH, ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, TEST_PASSWORD, type TestApp } from '../../test/helpers/test-app';
import { connect, listen, next } from '../modules/realtime/realtime.test-support';
import { fakeBuild } from './console-build.test-support';
import { apiPathOf, buildConsoleServer, CONSOLE_API_PREFIX, closeServers } from './console-server';

const CONSOLE_REALTIME_PATH = `${CONSOLE_API_PREFIX}${REALTIME_PATH}`;

/** A console as `npm start` serves it, its `/api` handed to the test app's server. */
const consoleServerFor = (t: TestApp) =>
  buildConsoleServer({
    root: fakeBuild(),
    apiOrigin: 'http://localhost:8080',
    api: t.app.server,
    embedFrameAncestors: "'self'",
    logger: false,
  });

describe("the API under the console's origin (/api)", () => {
  let t: TestApp;
  let console_: Awaited<ReturnType<typeof buildConsoleServer>>;
  let consoleUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    await listen(t.app);
    console_ = await consoleServerFor(t);
    consoleUrl = await listen(console_);
  });
  afterAll(async () => {
    await console_.close();
    await t.close();
  });

  it('signs a user in and answers their calls on the console origin, with no CORS preflight needed', async () => {
    const { user } = await signedInUser(t, ROLE.Admin);
    const signIn = await fetch(`${consoleUrl}${CONSOLE_API_PREFIX}/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: consoleUrl },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const me = await fetch(`${consoleUrl}/api/auth/current-user`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(user.email);
  });

  it("keeps a browser's connection open between a page's calls as long as the API does (72 s)", async () => {
    for (const path of ['/user', '/api/readyz']) {
      const keepAlive = await new Promise<string>((resolve, reject) => {
        get(`${consoleUrl}${path}`, (res) => {
          res.resume();
          resolve(String(res.headers['keep-alive']));
        }).on('error', reject);
      });
      expect(keepAlive, path).toBe('timeout=72');
    }
  });

  it("answers an unknown API path with the API's error, not the console's page", async () => {
    const res = await fetch(`${consoleUrl}/api/no-such-route`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('leaves to the console its pages whose path begins with "api" (the merchant\'s /api-tokens) and the API\'s documentation', async () => {
    for (const path of ['/api-tokens', '/api-logs', '/apiary', '/api/docs', '/api/%64ocs']) {
      const res = await fetch(`${consoleUrl}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('index-AbCd1234');
    }
    expect(apiPathOf('/api')).toBe('/');
    expect(apiPathOf('/api?x=1')).toBe('/?x=1');
    expect(apiPathOf('/api/v1/payment-sessions?limit=5')).toBe('/v1/payment-sessions?limit=5');
    expect(apiPathOf('/api-tokens')).toBeNull();
    expect(apiPathOf('/api/docs')).toBeNull();
    expect(apiPathOf('/api/docs/static/index.html')).toBeNull();
    expect(apiPathOf('/api/documents')).toBe('/documents');
    // As the API's router reads them: percent-encoded, they are still the documentation.
    expect(apiPathOf('/api/%64ocs')).toBeNull();
    expect(apiPathOf('/api/d%6Fcs/static/index.html')).toBeNull();
    expect(apiPathOf('/api/%E0%A4%A')).toBeNull();
    expect(apiPathOf('/deposit?next=/api/x')).toBeNull();
  });

  it("connects a console's realtime client through the console origin (socket.io at /api/ws) and delivers its events", async () => {
    const admin = await signedInUser(t, ROLE.Admin);
    const socket = await connect(consoleUrl, { token: admin.accessToken, path: CONSOLE_REALTIME_PATH });
    try {
      const received = next(socket, 'device:refresh');
      t.app.io.emit('device:refresh');
      await expect(received).resolves.toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe('shutting down with the API under the console', () => {
  it("ends, with a console's realtime client still connected through the console's origin", async () => {
    const t = await createTestApp();
    await listen(t.app);
    const consoleServer = await consoleServerFor(t);
    const consoleUrl = await listen(consoleServer);
    const admin = await signedInUser(t, ROLE.Admin);
    const socket = await connect(consoleUrl, { token: admin.accessToken, path: CONSOLE_REALTIME_PATH });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const closed = await Promise.race([
      closeServers([t.app, consoleServer]).then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000)),
    ]);
    expect(closed).toBe('closed');
    expect(await disconnected).toBeTruthy();
    socket.close();
    await t.database.close();
  }, 20_000);
});
