import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { type Fleet, UnknownAccountError } from './fleet';
import { faultInputSchema } from './wallets/faults';
import { TransferError } from './wallets/phone-wallets';

/**
 * The simulator's control API, for developers, the demo and the end-to-end tests: deliver a
 * customer's transfer to an account, read the OTP a phone received by SMS, arm faults. It listens
 * on the loopback interface only: it is a test double's remote control, never part of a deployment.
 *
 *   GET    /devices               the phones, their state and accounts
 *   GET    /accounts              every account on every phone
 *   GET    /accounts/:id/otp      { otp, expiresAt } while the last code is good, else 404
 *   POST   /transfers             { accountId, amount, direction?, counterpartyName?, counterpartyAccount?, note?, occurredAt? }
 *   GET    /faults                the armed faults
 *   POST   /faults                { kind, accountId?, device?, times?: next|always, on?: step or check type }
 *   DELETE /faults[/:id]          disarm one or all
 */
const transferSchema = z.strictObject({
  accountId: z.string().min(1).max(100),
  amount: z.string().min(1).max(30),
  direction: z.enum(['in', 'out']).optional(),
  counterpartyName: z.string().max(100).optional(),
  counterpartyAccount: z.string().max(50).optional(),
  note: z.string().max(200).optional(),
  /** A transfer reported late: when it was made (ISO 8601, with an offset). */
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});

const MAX_BODY_BYTES = 16 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES)
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'The body is not valid JSON');
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new HttpError(400, 'INVALID_INPUT', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function route(fleet: Fleet, req: IncomingMessage): Promise<[number, unknown]> {
  const path = new URL(req.url ?? '/', 'http://control').pathname.replace(/\/+$/, '') || '/';
  const method = req.method ?? 'GET';
  const otp = path.match(/^\/accounts\/([^/]+)\/otp$/);
  const fault = path.match(/^\/faults\/(\d+)$/);

  if (method === 'GET' && path === '/devices') {
    return [
      200,
      fleet.devices.map((d) => ({
        name: d.name,
        deviceId: d.deviceId,
        state: d.state,
        isBusy: d.isBusy,
        accounts: d.wallets.list(),
      })),
    ];
  }
  if (method === 'GET' && path === '/accounts') return [200, fleet.wallets.accounts()];
  if (method === 'GET' && otp) {
    const code = fleet.wallets.lastOtp(decodeURIComponent(otp[1] as string));
    if (!code) throw new HttpError(404, 'NO_OTP', 'No code is waiting for this account: send one first (login step 3)');
    return [200, code];
  }
  if (method === 'POST' && path === '/transfers') {
    const { accountId, ...transfer } = parse(transferSchema, await readJson(req));
    return [201, fleet.wallets.deliverTransfer(accountId, transfer)];
  }
  if (method === 'GET' && path === '/faults') return [200, fleet.wallets.faults()];
  if (method === 'POST' && path === '/faults')
    return [201, fleet.wallets.injectFault(parse(faultInputSchema, await readJson(req)))];
  if (method === 'DELETE' && path === '/faults') return [200, { cleared: fleet.wallets.clearFaults() }];
  if (method === 'DELETE' && fault) return [200, { cleared: fleet.wallets.clearFaults(Number(fault[1])) }];
  throw new HttpError(404, 'NOT_FOUND', `No route ${method} ${path}`);
}

export type ControlApi = { url: string; close(): Promise<void> };

/** Starts the control API on 127.0.0.1:`port` (0: any free port). */
export async function startControlApi(fleet: Fleet, port: number): Promise<ControlApi> {
  const server: Server = createServer((req, res) => {
    route(fleet, req)
      .then(([status, body]) => send(res, status, body))
      .catch((error: unknown) => {
        if (error instanceof HttpError)
          return send(res, error.status, { error: { code: error.code, message: error.message } });
        if (error instanceof UnknownAccountError)
          return send(res, 404, { error: { code: 'UNKNOWN_ACCOUNT', message: error.message } });
        if (error instanceof TransferError)
          return send(res, 400, { error: { code: 'INVALID_TRANSFER', message: error.message } });
        send(res, 500, { error: { code: 'INTERNAL', message: 'The simulator failed to handle this request' } });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
