import { ROLE } from '@gerbang/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { createSecretBox } from '../../crypto/secret-box';
import { proxies } from '../../db/schema';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { api } from './proxies.test-support';

describe('POST /proxies/import', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PROXY_CHECK_SCHEDULE_MINUTES: '0' } });
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
  });
  afterAll(() => t.close());

  const importLines = (type: string, lines: string[]) =>
    admin.post('/proxies/import', { type, lines: lines.join('\n') });

  it('creates every valid line and reports each bad one by line number, password masked', async () => {
    const res = await importLines('http', [
      '# Jakarta pool',
      '1.2.3.4:8080',
      '',
      '   ',
      'proxy.example:3128:alice:pa:ss:word',
      'no-port-here',
      '5.6.7.8:99999',
      '5.6.7.8:80:onlyuser',
      'bad host!:80:bob:hunter2',
      '[2001:db8::1]:1080:carol:secret',
      '  9.9.9.9:81  ',
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { created, errors } = res.json();
    expect(created.map((p: { host: string; port: number }) => `${p.host}:${p.port}`)).toEqual([
      '1.2.3.4:8080',
      'proxy.example:3128',
      '2001:db8::1:1080',
      '9.9.9.9:81',
    ]);
    expect(created[1]).toMatchObject({ type: 'http', username: 'alice', hasPassword: true });
    expect(created[0]).toMatchObject({ username: null, hasPassword: false, checkStatus: 'unchecked' });
    expect(errors).toEqual([
      { line: 6, text: 'no-port-here', message: 'Expected host:port or host:port:username:password' },
      { line: 7, text: '5.6.7.8:99999', message: 'The port must be a number from 1 to 65535' },
      { line: 8, text: '5.6.7.8:80:onlyuser', message: 'Expected host:port or host:port:username:password' },
      { line: 9, text: 'bad host!:80:bob:****', message: 'Enter a host name or IP address' },
    ]);
    expect(res.body).not.toContain('hunter2');
  });

  it('keeps a password with colons whole', async () => {
    const res = await importLines('socks5', ['proxy.example:3128:alice:pa:ss:word']);
    const [row] = await t.database.db.select().from(proxies).where(eq(proxies.id, res.json().created[0].id));
    const box = createSecretBox(t.app.ctx.config.ENCRYPTION_KEY);
    expect(box.decrypt(row?.passwordEncrypted as string, 'proxies.password')).toBe('pa:ss:word');
  });

  it('reports duplicates (existing and within the paste) as line errors, not 500s', async () => {
    await admin.post('/proxies', { type: 'https', host: 'exists.example', port: 443, username: 'u' });
    const res = await importLines('https', [
      'exists.example:443:u:pw',
      'EXISTS.example:443:u:other',
      'fresh.example:443',
      'fresh.example:443',
      'exists.example:443',
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().created.map((p: { host: string; username: string | null }) => [p.host, p.username])).toEqual([
      ['fresh.example', null],
      ['exists.example', null],
    ]);
    expect(res.json().errors).toEqual([
      { line: 1, text: 'exists.example:443:u:****', message: 'This proxy already exists' },
      { line: 2, text: 'EXISTS.example:443:u:****', message: 'This proxy already exists' },
      { line: 4, text: 'fresh.example:443', message: 'Same proxy as line 3' },
    ]);
    // Importing the same text again creates nothing and fails on every line.
    const again = await importLines('https', ['fresh.example:443', 'exists.example:443']);
    expect(again.json().created).toEqual([]);
    expect(again.json().errors.map((e: { line: number }) => e.line)).toEqual([1, 2]);
  });

  it('accepts Windows line endings and an input of only comments', async () => {
    const res = await admin.post('/proxies/import', { type: 'http', lines: '# a\r\n10.1.1.1:80\r\n#b\r\n' });
    expect(res.json().created).toHaveLength(1);
    const empty = await admin.post('/proxies/import', { type: 'http', lines: '# nothing\n\n' });
    expect(empty.json()).toEqual({ created: [], errors: [] });
  });

  it('audits an import with what it created, and refuses a bad type with 422', async () => {
    const res = await importLines('socks5', ['10.2.2.2:1080', 'oops']);
    const rows = await t.database.db.query.auditLog.findMany({
      where: (log, { eq }) => eq(log.action, AUDIT_ACTIONS.proxiesImported),
    });
    expect(rows.at(-1)?.details).toMatchObject({
      type: 'socks5',
      created: 1,
      failed: 1,
      createdIds: [res.json().created[0].id],
    });
    const bad = await admin.post('/proxies/import', { type: 'ftp', lines: '1.1.1.1:80' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toHaveProperty(['body.type']);
  });
});
