import { randomUUID } from 'node:crypto';
import { ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { proxies } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { allStrings, api, closedPort } from './proxies.test-support';

const SECRET = 'pr0xy-Secret-#1';

describe('proxies CRUD', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let adminId: string;
  let port = 20_000;
  const next = () => ++port;
  beforeAll(async () => {
    t = await createTestApp({ env: { PROXY_CHECK_SCHEDULE_MINUTES: '0' } });
    const a = await signedInUser(t, ROLE.Admin);
    admin = api(t.app, a.headers);
    adminId = a.user.id;
  });
  afterAll(() => t.close());

  const rawRow = async (id: string) => (await t.database.db.select().from(proxies).where(eq(proxies.id, id)))[0];

  it('creates a proxy, shows hasPassword but never the password, and stores it encrypted', async () => {
    const res = await admin.post('/proxies', {
      type: 'http',
      host: 'Proxy.Example.COM',
      port: next(),
      username: 'alice',
      password: SECRET,
      label: ' Jakarta 1 ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const proxy = res.json();
    expect(proxy).toMatchObject({
      type: 'http',
      host: 'proxy.example.com',
      username: 'alice',
      hasPassword: true,
      label: 'Jakarta 1',
      checkStatus: 'unchecked',
      lastCheckedAt: null,
      latencyMs: null,
      exitIp: null,
      lastError: null,
    });
    expect(Object.keys(proxy)).not.toContain('password');
    expect(res.body).not.toContain(SECRET);
    const row = await rawRow(proxy.id);
    expect(row?.passwordEncrypted).toBeTruthy();
    expect(row?.passwordEncrypted).not.toContain(SECRET);
    expect(row?.passwordEncrypted).not.toContain(Buffer.from(SECRET).toString('base64'));
    expect(row?.passwordEncrypted).toMatch(/^v1\./);
  });

  it('never returns the password from any endpoint, nor writes it to the audit log', async () => {
    const created = (
      await admin.post('/proxies', { type: 'socks5', host: '10.0.0.1', port: next(), password: SECRET })
    ).json();
    const dead = (
      await admin.post('/proxies', {
        type: 'http',
        host: '127.0.0.1',
        port: await closedPort(),
        username: 'u',
        password: SECRET,
      })
    ).json();
    const bodies = [
      (await admin.get('/proxies')).body,
      (await admin.get(`/proxies?q=10.0.0.1`)).body,
      (await admin.get(`/proxies/${created.id}`)).body,
      (await admin.patch(`/proxies/${created.id}`, { label: 'edited', password: `${SECRET}-2` })).body,
      (await admin.post('/proxies/import', { type: 'http', lines: `10.9.9.9:8080:bob:${SECRET}` })).body,
      (await admin.post('/proxies/import', { type: 'http', lines: `bad host:80:bob:${SECRET}` })).body,
      (await admin.post(`/proxies/${dead.id}/check`)).body,
      (await admin.delete(`/proxies/${dead.id}`)).body,
    ];
    for (const body of bodies) {
      expect(body).not.toContain(SECRET);
      for (const text of allStrings(body ? JSON.parse(body) : null)) expect(text).not.toContain(SECRET);
    }
    const audit = await t.app.ctx.audit.listForTarget('proxy', created.id);
    expect(JSON.stringify(audit, (_key, value) => (typeof value === 'bigint' ? String(value) : value))).not.toContain(
      SECRET,
    );
    expect(audit.find((row) => row.action === AUDIT_ACTIONS.proxyUpdated)?.details).toMatchObject({
      changes: { label: { from: '', to: 'edited' }, password: 'changed' },
    });
  });

  it('keeps the password when it is left out, and clears it with null', async () => {
    const created = (
      await admin.post('/proxies', { type: 'https', host: 'keep.example', port: next(), password: SECRET })
    ).json();
    const kept = await admin.patch(`/proxies/${created.id}`, { label: 'renamed' });
    expect(kept.json()).toMatchObject({ label: 'renamed', hasPassword: true });
    const before = (await rawRow(created.id))?.passwordEncrypted;
    expect(before).toBeTruthy();
    const cleared = await admin.patch(`/proxies/${created.id}`, { password: null });
    expect(cleared.json().hasPassword).toBe(false);
    expect((await rawRow(created.id))?.passwordEncrypted).toBeNull();
  });

  it('lists with search, type and check-status filters', async () => {
    const p = next();
    await admin.post('/proxies', { type: 'socks5', host: 'filter-me.example', port: p, label: 'Manila pool' });
    await admin.post('/proxies', { type: 'http', host: 'filter-me.example', port: p, username: 'x_y' });
    const hosts = async (query: string) =>
      ((await admin.get(`/proxies?${query}`)).json().items as { host: string; type: string }[]).map((i) => i.type);
    expect((await hosts('q=filter-me')).sort()).toEqual(['http', 'socks5']);
    expect(await hosts('q=filter-me&type=socks5')).toEqual(['socks5']);
    expect(await hosts('q=manila')).toEqual(['socks5']);
    expect(await hosts(`q=filter-me.example:${p}&type=http`)).toEqual(['http']);
    // `_` is a literal character, not a wildcard.
    expect(await hosts('q=x_y')).toEqual(['http']);
    expect(await hosts('q=xzy')).toEqual([]);
    expect(await hosts('q=filter-me&checkStatus=ok')).toEqual([]);
    expect((await hosts('q=filter-me&checkStatus=unchecked')).length).toBe(2);
  });

  it('answers 409 for a duplicate type/host/port/username, on create and on edit', async () => {
    const p = next();
    const first = await admin.post('/proxies', { type: 'http', host: 'dup.example', port: p });
    expect(first.statusCode).toBe(201);
    // No username is the same endpoint as no username (the unique index alone would let NULLs repeat).
    const again = await admin.post('/proxies', { type: 'http', host: 'DUP.example', port: p });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
    const withUser = await admin.post('/proxies', { type: 'http', host: 'dup.example', port: p, username: 'u' });
    expect(withUser.statusCode).toBe(201);
    expect((await admin.post('/proxies', { type: 'socks5', host: 'dup.example', port: p })).statusCode).toBe(201);
    const clash = await admin.patch(`/proxies/${withUser.json().id}`, { username: null });
    expect(clash.statusCode).toBe(409);
  });

  it('deletes with 204 and audits it; then 404', async () => {
    const created = (await admin.post('/proxies', { type: 'http', host: 'gone.example', port: next() })).json();
    const res = await admin.delete(`/proxies/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await admin.get(`/proxies/${created.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/proxies/${created.id}`)).statusCode).toBe(404);
    const actions = (await t.app.ctx.audit.listForTarget('proxy', created.id)).map((row) => [
      row.action,
      row.actorUserId,
    ]);
    expect(actions).toEqual([
      [AUDIT_ACTIONS.proxyDeleted, adminId],
      [AUDIT_ACTIONS.proxyCreated, adminId],
    ]);
  });

  it('refuses bad input with 422 naming the field, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ type: 'ftp', host: 'a.example', port: 80 }, 'body.type'],
      [{ type: 'http', host: 'not a host', port: 80 }, 'body.host'],
      [{ type: 'http', host: '', port: 80 }, 'body.host'],
      [{ type: 'http', host: 'a.example', port: 0 }, 'body.port'],
      [{ type: 'http', host: 'a.example', port: 70_000 }, 'body.port'],
      // Not a number at all, though JavaScript would make one of it (true is 1).
      [{ type: 'http', host: 'a.example', port: true }, 'body.port'],
      [{ type: 'http', host: 'a.example', port: '80' }, 'body.port'],
      [{ type: 'http', host: 'a.example', port: 80, password: 'x'.repeat(201) }, 'body.password'],
      [{ type: 'http', host: 'a.example', port: 80, extra: 1 }, 'body.extra'],
    ];
    for (const [payload, field] of cases) {
      const res = await admin.post('/proxies', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error.fields).toHaveProperty([field]);
    }
    expect((await admin.get('/proxies?q=a.example')).json().items).toEqual([]);
    const created = (await admin.post('/proxies', { type: 'http', host: 'ok.example', port: next() })).json();
    expect((await admin.patch(`/proxies/${created.id}`, {})).statusCode).toBe(422);
    expect((await admin.patch(`/proxies/${created.id}`, { port: 'abc' })).json().error.fields).toHaveProperty([
      'body.port',
    ]);
    expect((await admin.get('/proxies/123')).json().error.fields).toHaveProperty(['params.id']);
    expect((await admin.get('/proxies?type=ftp')).json().error.fields).toHaveProperty(['querystring.type']);
    expect((await admin.get(`/proxies/${randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.patch(`/proxies/${randomUUID()}`, { label: 'x' })).statusCode).toBe(404);
  });
});
