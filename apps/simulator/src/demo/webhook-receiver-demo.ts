import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpoint,
  listWebhookEndpoints,
  listWebhookEndpointsResponseSchema,
  merchantSchema,
  removeWebhookEndpoint,
  rotateMerchantWebhookSecret,
  updateMerchant,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookSecretResponseSchema,
} from '@gerbang/contract';
import { z } from 'zod';
import { type ApiAuth, createGerbangApi } from '../gerbang-api';
import type { Logger } from '../logger';

/** Every how many deliveries the demo's endpoint answers 503, so the Webhooks page shows a retry. */
const FAIL_EVERY = 8;
/** Toko Demo's further endpoint: its ERP, told of paid sessions and refunds' outcomes. */
const ERP_PATH = '/toko-demo/erp';
const ERP_DESCRIPTION = 'ERP (demo)';
const ERP_EVENT_TYPES = ['payment_session.succeeded', 'refund.succeeded', 'refund.failed'];

/** Whether `header` signs `body` under `secret` (docs/webhooks.md: any of its v1 signatures, a recent t). */
function verifies(secret: string, body: string, header: string): boolean {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string]);
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(([key, value]) => {
    if (key !== 'v1') return false;
    const given = Buffer.from(value, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * Toko Demo's further endpoint on the receiver at `receiverUrl` (the one of an earlier start is
 * removed: its secret was shown once); returns its new secret.
 */
async function addErpEndpoint(server: string, auth: ApiAuth, receiverUrl: string): Promise<string> {
  const merchant = createGerbangApi(server, auth);
  const { items } = await merchant.request(listWebhookEndpoints, listWebhookEndpointsResponseSchema);
  for (const earlier of items.filter((item) => item.description === ERP_DESCRIPTION)) {
    await merchant.request(removeWebhookEndpoint, z.null(), { params: { id: earlier.id } });
  }
  const erpUrl = new URL(ERP_PATH, receiverUrl).toString();
  const created = await merchant.request(createWebhookEndpoint, createdWebhookEndpointSchema, {
    body: { url: erpUrl, eventTypes: ERP_EVENT_TYPES, description: ERP_DESCRIPTION },
  });
  return created.secret;
}

/**
 * A merchant's webhook endpoint for the demo (Toko Demo's): on loopback, it verifies each
 * delivery's signature with the merchant's secret (made anew at each start, as a merchant would
 * after rotating it) and answers 204, 401 for a bad signature, and 503 to every FAIL_EVERY-th
 * delivery (the retry shows in the merchant console's Webhooks page). Sets it as the merchant's
 * callback URL. Given the merchant's own sign-in, it also adds a further endpoint on another path,
 * its "ERP", for a few event types with a secret of its own (the one of an earlier start is
 * removed: a secret is shown once).
 */
export async function startDemoWebhookReceiver(options: {
  server: string;
  auth: ApiAuth;
  merchantId: string;
  port: number;
  logger: Logger;
  merchantAuth?: ApiAuth;
}): Promise<{ url: string; close(): Promise<void> }> {
  const api = createGerbangApi(options.server, options.auth);
  let secret = '';
  let erpSecret = '';
  let received = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received += 1;
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(request.headers[WEBHOOK_SIGNATURE_HEADER] ?? '');
      const signedWith = request.url === ERP_PATH ? erpSecret : secret;
      if (!verifies(signedWith, body, signature)) return void response.writeHead(401).end('bad signature');
      if (received % FAIL_EVERY === 0) return void response.writeHead(503).end('the shop is deploying; try again');
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  }).catch(
    () =>
      new Promise<void>((resolve) => {
        server.removeAllListeners('error');
        server.listen(0, '127.0.0.1', () => resolve());
      }),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/toko-demo/webhooks`;
  secret = (
    await api.request(rotateMerchantWebhookSecret, webhookSecretResponseSchema, { params: { id: options.merchantId } })
  ).webhookSecret;
  await api.request(updateMerchant, merchantSchema, { params: { id: options.merchantId }, body: { callbackUrl: url } });
  options.logger.info(`[demo] Toko Demo's webhook endpoint: ${url} (verifies signatures; 503 every ${FAIL_EVERY}th)`);
  if (options.merchantAuth) {
    // A member enrolled in two-factor sign-in is asked for a code to add it: the demo goes on without.
    erpSecret = await addErpEndpoint(options.server, options.merchantAuth, url).then(
      (secret) => {
        options.logger.info(`[demo] Toko Demo's ERP endpoint: ${ERP_PATH} (${ERP_EVENT_TYPES.join(', ')})`);
        return secret;
      },
      (error: Error) => {
        options.logger.info(`[demo] Toko Demo's ERP endpoint was not added: ${error.message}`);
        return '';
      },
    );
  }
  return {
    url,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
