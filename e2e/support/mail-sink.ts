import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime';

/** One message as the sink received it (recipients from the SMTP envelope). */
export type SinkMessage = { to: string[]; subject: string; text: string; receivedAt: string };

export type MailSink = { close(): Promise<void> };

/**
 * A real SMTP server on loopback (no auth, no TLS) that keeps every message, plus a tiny HTTP
 * endpoint so test workers (other processes) can read them: GET /messages?to=<email>.
 */
export async function startMailSink(options: { smtpPort: number; httpPort: number }): Promise<MailSink> {
  const messages: SinkMessage[] = [];

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          subject: mail.subject,
          text: mail.text,
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort, '127.0.0.1', () => resolve());
  });

  const http: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const selected = to ? messages.filter((message) => message.to.includes(to)) : messages;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(selected));
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.httpPort, '127.0.0.1', () => resolve());
  });

  return {
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
