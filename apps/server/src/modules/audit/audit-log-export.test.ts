import { AUDIT_ACTIONS, AUDIT_EXPORT_COLUMNS, ROLE } from '@gerbang/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { EXPORT_PAGE_ROWS } from '../../http/csv-export';
import { writeEntries } from './audit-log.test-support';

const rowsOf = (csv: string) => csv.split('\r\n').filter((line) => line.length > 0);
const column = (name: (typeof AUDIT_EXPORT_COLUMNS)[number]) => AUDIT_EXPORT_COLUMNS.indexOf(name);

describe('the audit CSV export', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let adminHeaders: { authorization: string };
  const many = EXPORT_PAGE_ROWS * 2 + 7;

  beforeAll(async () => {
    t = await createTestApp();
    adminHeaders = (await signedInUser(t, ROLE.Admin, { email: 'exporter@audit.test' })).headers;
    admin = api(t.app, adminHeaders);
    // More entries than one read takes, a second apart, newest first by their number.
    await t.database.db.execute(sql`
      insert into audit_log (action, target_type, target_id, subject, created_at)
      select 'proxy.checked', 'proxy', 'bulk', 'bulk ' || n, now() - n * interval '1 second'
      from generate_series(1, ${many}::int) as s(n)`);
    await writeEntries(t, [
      {
        action: AUDIT_ACTIONS.deviceUpdated,
        targetType: 'device',
        targetId: 'formula',
        subject: '=HYPERLINK("http://evil.example","Click")',
        ip: '198.51.100.4',
        details: { changes: { name: { from: 'Old, "quoted"', to: 'New' } } },
        createdAt: '2022-02-02T02:02:02.000Z',
      },
    ]);
  });
  afterAll(() => t.close());

  it('streams every matching entry newest first, more than one read holds, as a named attachment', async () => {
    const res = await admin.get('/audit-log/export?targetType=proxy&targetId=bulk');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/);
    // Sent as it is read: no length known up front.
    expect(res.headers['content-length']).toBeUndefined();
    const fromConsole = await t.app.inject({
      method: 'GET',
      url: '/audit-log/export?targetType=proxy&targetId=bulk',
      headers: { ...adminHeaders, origin: 'http://localhost:3000' },
    });
    expect(fromConsole.headers['access-control-expose-headers']).toContain('content-disposition');

    const [header, ...rows] = rowsOf(res.body);
    expect(header).toBe(AUDIT_EXPORT_COLUMNS.join(','));
    expect(rows).toHaveLength(many);
    const subjects = rows.map((row) => row.split(',')[column('subject')]);
    expect(subjects.slice(0, 3)).toEqual(['bulk 1', 'bulk 2', 'bulk 3']);
    expect(subjects.at(-1)).toBe(`bulk ${many}`);
    expect(new Set(rows.map((row) => row.split(',')[column('id')])).size).toBe(many);
  });

  it("writes each entry's details as JSON, and a subject that is a formula as text", async () => {
    const res = await admin.get('/audit-log/export?action=device.updated&targetType=device&targetId=formula');
    const [, row] = rowsOf(res.body);
    expect(row).toContain(',device.updated,');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    const [, quotedDetails] = row?.split(',198.51.100.4,') ?? [];
    // The last column, quoted (RFC 4180: its quotes doubled): the entry's details as JSON.
    const details = JSON.parse(quotedDetails?.slice(1, -1).replaceAll('""', '"') ?? 'null');
    expect(details).toEqual({ changes: { name: { from: 'Old, "quoted"', to: 'New' } } });
    expect(row?.startsWith('2022-02-02T02:02:02.000Z,')).toBe(true);
  });

  it("honours the page's filters, and names a bad one with 422", async () => {
    const res = await admin.get('/audit-log/export?action=auth.signin.succeeded');
    const rows = rowsOf(res.body).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.split(',')[column('actorEmail')]).toBe('exporter@audit.test');
    const bad = await admin.get('/audit-log/export?action=nope&limit=5');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['querystring.action', 'querystring.limit']);
  });
});
