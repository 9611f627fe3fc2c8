import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestConfig, insertUser, signIn, type TestApp } from '../../../test/helpers/test-app';
import { createTestDatabase } from '../../../test/helpers/test-database';
import { buildApp } from '../../app';
import { postJson, tokenFromLink } from './auth.test-support';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a loopback port: no auth, no TLS, keeps every message it is given. */
async function startSmtpSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The message body as text, undoing quoted-printable if the mailer used it. */
function bodyText(raw: string): string {
  const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return body;
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('password reset through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: Pick<TestApp, 'app' | 'database'>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    const database = await createTestDatabase();
    // No mailer passed: the app builds its own SMTP mailer from SMTP_URL, as in production.
    const app = await buildApp({ config: createTestConfig({ SMTP_URL: smtp.url }), database });
    await app.ready();
    t = { app, database };
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await smtp.close();
  });

  it('delivers the reset link by SMTP, and the link resets the password', async () => {
    const user = await insertUser(t.database);
    const res = await postJson(t.app, '/auth/forgot-password', { email: user.email });
    expect(res.statusCode).toBe(202);

    const message = await vi.waitFor(
      () => {
        const found = smtp.received.find((m) => m.to.includes(user.email));
        if (!found) throw new Error('no message yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(message.from).toBe('no-reply@gerbang.local');
    expect(message.raw).toMatch(/^Subject: Reset your Gerbang password/im);
    const link = bodyText(message.raw).match(/https?:\/\/\S+/)?.[0];
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/reset-password\?token=/);

    const reset = await postJson(t.app, '/auth/reset-password', {
      token: tokenFromLink(link!),
      password: 'reset by a real mail',
    });
    expect(reset.statusCode).toBe(204);
    await expect(signIn(t.app, user.email, 'reset by a real mail')).resolves.toBeDefined();
  });
});
