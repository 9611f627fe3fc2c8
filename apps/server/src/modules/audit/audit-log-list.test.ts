import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditLogEntry, ROLE } from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, insertUser, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { pageThrough, writeEntries } from './audit-log.test-support';

type Page = { items: AuditLogEntry[]; nextCursor: string | null };

describe('the audit page', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let adminUser: Awaited<ReturnType<typeof signedInUser>>['user'];

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signedInUser(t, ROLE.Admin, { email: 'auditor@audit.test', name: 'Auditor' });
    admin = api(t.app, signedIn.headers);
    adminUser = signedIn.user;
  });
  afterAll(() => t.close());

  const itemsOf = async (query: string) => {
    const res = await admin.get(`/audit-log?limit=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Page).items;
  };

  it('shows what an operator just did first, with who did it, to what and from where', async () => {
    const invited = await admin.post('/users', { email: 'newbie@audit.test', name: 'Newbie', roleId: ROLE.Staff });
    expect(invited.statusCode).toBe(201);
    const [latest] = await itemsOf('');
    expect(latest).toMatchObject({
      action: AUDIT_ACTIONS.userInvited,
      actorUserId: adminUser.id,
      actorName: 'Auditor',
      actorEmail: 'auditor@audit.test',
      targetType: 'user',
      targetId: invited.json().id,
      subject: 'newbie@audit.test',
      ip: '127.0.0.1',
      details: { email: 'newbie@audit.test', name: 'Newbie', roleId: ROLE.Staff },
      targetProvider: null,
    });
    expect(latest?.id).toMatch(/^[1-9][0-9]*$/);
    expect(Date.parse(latest?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('pages newest first, ties broken by id, with no entry repeated or skipped', async () => {
    const same = '2020-01-01T00:00:00.000Z';
    await writeEntries(
      t,
      Array.from({ length: 7 }, (_, i) => ({
        action: AUDIT_ACTIONS.deviceUpdated,
        targetType: 'device',
        targetId: 'paging',
        subject: `tie ${i}`,
        createdAt: same,
      })),
    );
    // Microseconds apart: finer than a JS Date, so the cursor must keep them.
    for (const micro of ['000001', '000002', '000003']) {
      await t.database.db.execute(
        `insert into audit_log (action, target_type, target_id, subject, created_at) values ('device.updated', 'device', 'paging', 'micro ${micro}', '2021-01-01T00:00:00.${micro}Z')`,
      );
    }
    const all = await pageThrough(admin, '&targetType=device&targetId=paging', 2);
    expect(all).toHaveLength(10);
    expect(new Set(all.map((entry) => entry.id)).size).toBe(10);
    expect(all.slice(0, 3).map((entry) => entry.subject)).toEqual(['micro 000003', 'micro 000002', 'micro 000001']);
    const ties = all.slice(3).map((entry) => BigInt(entry.id));
    expect(ties).toEqual([...ties].sort((a, b) => (a > b ? -1 : 1)));
  });

  it('narrows by actor, action, entity, IP and time range, alone and together', async () => {
    const staff = await insertUser(t.database, { roleId: ROLE.Staff, name: 'Filter Staff' });
    const device = randomUUID();
    await writeEntries(t, [
      {
        action: AUDIT_ACTIONS.deviceDisabled,
        actorUserId: staff.id,
        targetType: 'device',
        targetId: device,
        ip: '203.0.113.7',
        createdAt: '2024-03-01T10:00:00.000Z',
      },
      {
        action: AUDIT_ACTIONS.deviceEnabled,
        actorUserId: staff.id,
        targetType: 'device',
        targetId: device,
        ip: '2001:db8::1',
        createdAt: '2024-03-02T10:00:00.000Z',
      },
      {
        action: AUDIT_ACTIONS.deviceDisabled,
        actorUserId: adminUser.id,
        targetType: 'device',
        targetId: device,
        ip: '203.0.113.7',
        createdAt: '2024-03-03T10:00:00.000Z',
      },
      {
        action: AUDIT_ACTIONS.proxyDeleted,
        actorUserId: staff.id,
        targetType: 'proxy',
        targetId: device,
        ip: '203.0.113.7',
        createdAt: '2024-03-04T10:00:00.000Z',
      },
    ]);
    const times = (items: AuditLogEntry[]) => items.map((entry) => entry.createdAt.slice(0, 10));

    expect(times(await itemsOf(`&actorUserId=${staff.id}`))).toEqual(['2024-03-04', '2024-03-02', '2024-03-01']);
    expect(times(await itemsOf(`&action=device.enabled&actorUserId=${staff.id}`))).toEqual(['2024-03-02']);
    expect(times(await itemsOf(`&targetType=device&targetId=${device}`))).toEqual([
      '2024-03-03',
      '2024-03-02',
      '2024-03-01',
    ]);
    expect(times(await itemsOf(`&targetType=proxy&targetId=${device}`))).toEqual(['2024-03-04']);
    const byIp = await itemsOf(`&ip=2001:db8::1`);
    expect(byIp.map((entry) => entry.ip)).toEqual(['2001:db8::1']);
    const range = '&createdFrom=2024-03-02T00:00:00.000Z&createdTo=2024-03-04T00:00:00.000Z';
    expect(times(await itemsOf(`${range}&targetId=${device}&targetType=device`))).toEqual(['2024-03-03', '2024-03-02']);
    expect(times(await itemsOf(`${range}&ip=203.0.113.7&action=device.disabled`))).toEqual(['2024-03-03']);
    // The range's end is exclusive: an entry at that very instant is the next range's.
    expect(times(await itemsOf(`&createdFrom=2024-03-01T00:00:00.000Z&createdTo=2024-03-01T10:00:00.000Z`))).toEqual(
      [],
    );
  });

  it('opens one entry with its details, and answers 404 for an entry it does not have', async () => {
    await writeEntries(t, [
      {
        action: AUDIT_ACTIONS.merchantUpdated,
        targetType: 'merchant',
        targetId: randomUUID(),
        subject: 'TOKO Toko',
        details: { minAmount: { from: '10000', to: '20000' } },
        createdAt: '2023-05-05T05:05:05.000Z',
      },
    ]);
    const [listed] = await itemsOf('&action=merchant.updated');
    const res = await admin.get(`/audit-log/${listed?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(listed);
    expect(res.json().details).toEqual({ minAmount: { from: '10000', to: '20000' } });
    const missing = await admin.get('/audit-log/999999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    ['an action it does not know', '?action=user.exploded', 'querystring.action'],
    ['an entity type it does not know', '?targetType=planet', 'querystring.targetType'],
    ['an entity id without its type', `?targetId=${randomUUID()}`, 'querystring.targetType'],
    ['an actor that is not a user id', '?actorUserId=bob', 'querystring.actorUserId'],
    ['an IP address that is not one', '?ip=999.1.1.1', 'querystring.ip'],
    ['a start that is not a time', '?createdFrom=yesterday', 'querystring.createdFrom'],
    [
      'a range that ends before it starts',
      '?createdFrom=2024-02-02T00:00:00Z&createdTo=2024-02-01T00:00:00Z',
      'querystring.createdTo',
    ],
    ['a page size over the largest', '?limit=1000', 'querystring.limit'],
    ['a cursor it did not give', '?cursor=bm90LWEtY3Vyc29y', 'querystring.cursor'],
    ['a filter it does not have', '?merchantId=x', 'querystring.merchantId'],
  ])('refuses %s with 422 naming the field', async (_what, query, field) => {
    const res = await admin.get(`/audit-log${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
    expect(res.json().error.message).toContain(field);
  });

  it('refuses an entry id that is not an audit entry id with 422 naming it', async () => {
    const res = await admin.get(`/audit-log/${randomUUID()}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toEqual(['params.id']);
  });
});
