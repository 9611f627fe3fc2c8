import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLE } from '@gerbang/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/helpers/test-api';
import { createTestApp, signedInUser, type TestApp } from '../../../test/helpers/test-app';
import { devices } from '../../db/schema';
import { verifyWebhook } from '../webhooks/webhook-signature';
import { alertsOf } from './alerts';

const EVERY_RULE_OFF_BUT_DEVICES = [
  'wallet_auto_disabled',
  'withdrawal_uncertain',
  'webhook_failing',
  'transfers_waiting',
  'method_without_ready_account',
] as const;

/** A phone last seen `minutesAgo` minutes ago and not connected now. */
async function offlinePhone(t: TestApp, minutesAgo: number) {
  const [row] = await t.database.db
    .insert(devices)
    .values({
      name: `Phone ${randomUUID().slice(0, 6)}`,
      tokenHash: randomUUID(),
      lastSeenAt: sql`now() - ${`${minutesAgo} minutes`}::interval`,
    })
    .returning();
  return row as typeof devices.$inferSelect;
}

const reconnect = (t: TestApp, id: string) =>
  t.database.db.update(devices).set({ connectionId: 'c1', lastSeenAt: sql`now()` }).where(eq(devices.id, id));

describe('alerts: rules, opening once, resolving themselves, and telling people', () => {
  let t: TestApp;
  let admin: ReturnType<typeof api>;
  let received: { body: string; signature: string | undefined }[];
  let receiver: Server;

  beforeAll(async () => {
    received = [];
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ body, signature: req.headers['gerbang-signature'] as string | undefined });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      env: {
        ALERT_EVALUATE_SECONDS: '0',
        ALERT_EMAILS: 'ops@example.test, night@example.test',
        ALERT_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alerts`,
        ALERT_WEBHOOK_SECRET: 'alert-secret-of-the-test',
      },
    });
    admin = api(t.app, (await signedInUser(t, ROLE.Admin)).headers);
    for (const kind of EVERY_RULE_OFF_BUT_DEVICES) await admin.put(`/alert-rules/${kind}`, { enabled: false });
  });
  afterAll(async () => {
    await t.close();
    receiver.close();
  });

  const evaluate = () => alertsOf(t.app.ctx).service.evaluate();

  it('lists every rule with its default threshold, and an Admin changes one (audited)', async () => {
    const rules = (await admin.get('/alert-rules')).json().items;
    expect(rules.map((r: { kind: string }) => r.kind)).toContain('device_offline');
    expect(rules.find((r: { kind: string }) => r.kind === 'device_offline')).toMatchObject({
      enabled: true,
      thresholdMinutes: 10,
    });
    const changed = await admin.put('/alert-rules/device_offline', { enabled: true, thresholdMinutes: 15 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ kind: 'device_offline', thresholdMinutes: 15 });
    const audit = await t.app.ctx.audit.listForTarget('alert_rule', 'device_offline');
    expect(audit[0]?.action).toBe('alert.rule_changed');
  });

  it('refuses a bad rule change naming the field, and a Staff user may not change rules', async () => {
    expect((await admin.put('/alert-rules/no_such_rule', { enabled: true })).statusCode).toBe(422);
    const negative = await admin.put('/alert-rules/device_offline', { enabled: true, thresholdMinutes: -1 });
    expect(negative.statusCode).toBe(422);
    expect(Object.keys(negative.json().error.fields).join()).toContain('thresholdMinutes');
    const staff = api(t.app, (await signedInUser(t, ROLE.Staff)).headers);
    expect((await staff.put('/alert-rules/device_offline', { enabled: false })).statusCode).toBe(403);
    expect((await staff.get('/alerts')).statusCode).toBe(200);
  });

  it('a phone offline past the threshold opens one alert, mailed and posted once; it resolves itself when the phone is back', async () => {
    await admin.put('/alert-rules/device_offline', { enabled: true, thresholdMinutes: 15 });
    const recent = await offlinePhone(t, 5);
    const phone = await offlinePhone(t, 20);
    const mailsBefore = t.mailer.messages.length;

    const first = await evaluate();
    expect(first.map((c) => [c.change, c.alert.subjectId])).toEqual([['opened', phone.id]]);
    const again = await evaluate();
    expect(again).toEqual([]);

    const list = (await admin.get('/alerts')).json();
    const alert = list.items.find((a: { subjectId: string }) => a.subjectId === phone.id);
    expect(alert).toMatchObject({ kind: 'device_offline', subjectLabel: phone.name, status: 'open' });
    expect(list.items.some((a: { subjectId: string }) => a.subjectId === recent.id)).toBe(false);
    expect(list.unseenCount).toBe(1);

    const mails = t.mailer.messages.slice(mailsBefore);
    expect(mails.map((m) => m.to).sort()).toEqual(['night@example.test', 'ops@example.test']);
    expect(mails[0]?.subject).toBe(`[Gerbang] Phone offline: ${phone.name}`);
    expect(received).toHaveLength(1);
    const posted = received[0] as { body: string; signature: string };
    expect(verifyWebhook('alert-secret-of-the-test', posted.body, posted.signature)).toBe(true);
    expect(JSON.parse(posted.body)).toMatchObject({ type: 'alert.opened', data: { subjectId: phone.id } });

    await reconnect(t, phone.id);
    const cleared = await evaluate();
    expect(cleared.map((c) => [c.change, c.alert.subjectId])).toEqual([['resolved', phone.id]]);
    expect((await admin.get('/alerts')).json().items).toEqual([]);
    const resolved = (await admin.get('/alerts?state=resolved')).json().items;
    expect(resolved[0]).toMatchObject({ subjectId: phone.id, status: 'resolved' });
    expect(t.mailer.messages.at(-1)?.subject).toBe(`[Gerbang] Resolved: Phone offline: ${phone.name}`);

    // Offline again later: a new alert (the old one stays resolved).
    await t.database.db
      .update(devices)
      .set({ connectionId: null, lastSeenAt: sql`now() - interval '30 minutes'` })
      .where(eq(devices.id, phone.id));
    expect((await evaluate()).map((c) => c.change)).toEqual(['opened']);
    await reconnect(t, phone.id);
    await reconnect(t, recent.id);
    await evaluate();
  });

  it('acknowledging or snoozing takes an alert out of the bell count; a resolved one cannot be acknowledged', async () => {
    const phones = [await offlinePhone(t, 40), await offlinePhone(t, 40)];
    await evaluate();
    const items = (await admin.get('/alerts')).json().items as { id: string; subjectId: string }[];
    const [first, second] = phones.map((p) => items.find((a) => a.subjectId === p.id) as { id: string });
    expect((await admin.get('/alerts')).json().unseenCount).toBe(2);

    const acked = await admin.post(`/alerts/${first?.id}/acknowledge`, {});
    expect(acked.statusCode).toBe(200);
    expect(acked.json()).toMatchObject({ status: 'acknowledged', acknowledgedByName: expect.any(String) });
    const snoozed = await admin.post(`/alerts/${second?.id}/snooze`, { minutes: 30 });
    expect(snoozed.json().snoozedUntil).not.toBeNull();
    expect((await admin.get('/alerts')).json().unseenCount).toBe(0);
    expect((await admin.post(`/alerts/${second?.id}/snooze`, { minutes: 0 })).statusCode).toBe(422);

    for (const phone of phones) await reconnect(t, phone.id);
    await evaluate();
    expect((await admin.post(`/alerts/${first?.id}/acknowledge`, {})).statusCode).toBe(409);
    expect((await admin.post(`/alerts/${randomUUID()}/acknowledge`, {})).statusCode).toBe(404);
  });

  it('a rule turned off resolves its open alerts', async () => {
    const phone = await offlinePhone(t, 60);
    await evaluate();
    await admin.put('/alert-rules/device_offline', { enabled: false });
    const changes = await evaluate();
    expect(changes).toContainEqual(
      expect.objectContaining({ change: 'resolved', alert: expect.objectContaining({ subjectId: phone.id }) }),
    );
    await admin.put('/alert-rules/device_offline', { enabled: true, thresholdMinutes: 15 });
    await reconnect(t, phone.id);
  });
});
