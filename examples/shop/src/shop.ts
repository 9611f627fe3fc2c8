import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type GerbangClient, GerbangError, verifyWebhook } from '@gerbang/sdk';
import { type Order, type OrderStatus, PRODUCTS } from './catalog';
import { adminPage, catalogPage, orderPage, statusText } from './pages';

export type ShopOptions = {
  gerbang: GerbangClient;
  /** The merchant's webhook signing secret (whsec_…). */
  webhookSecret: string;
  /** Where customers reach the shop (the deposit page returns them to their order there). */
  publicUrl: string;
  /** Gerbang's origin: the only one whose iframe messages the order page listens to. */
  gerbangOrigin: string;
};

/** What each webhook event makes of an order (the event's data is the session or the refund). */
const ORDER_STATUS_OF: Record<string, OrderStatus> = {
  'payment_session.succeeded': 'paid',
  'payment_session.expired': 'expired',
  'payment_session.failed': 'failed',
  'refund.succeeded': 'refunded',
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8') {
  response.writeHead(status, { 'content-type': type }).end(body);
}

/**
 * A merchant's store on its own server, using only the SDK: checkout opens a payment session and
 * shows Gerbang's deposit page in an iframe; the webhook endpoint verifies each delivery's signature
 * over the raw body and moves the order (only a verified webhook marks it paid); the admin page
 * refunds a paid order. Orders live in memory: an example, not a store.
 */
export function createShop(options: ShopOptions): {
  server: Server;
  /** The shop as a request handler, for a server of the caller's. */
  handle: (request: IncomingMessage, response: ServerResponse) => void;
  orders: Map<string, Order>;
} {
  const orders = new Map<string, Order>();
  const bySession = new Map<string, Order>();
  let adminMessage: string | null = null;

  async function checkout(response: ServerResponse, form: URLSearchParams) {
    const product = PRODUCTS.find((p) => p.id === form.get('product'));
    if (!product) return send(response, 422, 'Choose one of the products');
    const id = `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
    const order: Order = {
      id,
      product,
      status: 'awaiting_payment',
      sessionId: null,
      paymentUrl: null,
      createdAt: new Date().toISOString(),
    };
    // The order's id is its idempotency key: a retry after a lost answer opens no second session.
    const session = await options.gerbang.paymentSessions.create(
      { referenceNumber: id, amount: product.amount, method: 'dana', returnUrl: `${options.publicUrl}/orders/${id}` },
      { idempotencyKey: id },
    );
    Object.assign(order, { sessionId: session.id, paymentUrl: session.paymentUrl });
    orders.set(id, order);
    bySession.set(session.id, order);
    response.writeHead(303, { location: `/orders/${id}` }).end();
  }

  async function webhook(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    let event: { type: string; data: Record<string, unknown> };
    try {
      event = verifyWebhook(raw, request.headers['gerbang-signature'], options.webhookSecret) as typeof event;
    } catch {
      return send(response, 400, 'bad signature', 'text/plain');
    }
    const sessionId = String(event.type.startsWith('refund.') ? event.data.paymentSessionId : event.data.id);
    const order = bySession.get(sessionId);
    const next = ORDER_STATUS_OF[event.type];
    // Events of a subject arrive in order; a refund never goes back to paid.
    if (order && next && !(order.status === 'refunded' && next !== 'refunded')) order.status = next;
    response.writeHead(204).end();
  }

  async function refund(response: ServerResponse, orderId: string) {
    const order = orders.get(orderId);
    if (order?.status === 'paid' && order.sessionId) {
      try {
        const refund = await options.gerbang.refunds.create(
          order.sessionId,
          { reason: 'Refunded from the shop' },
          { idempotencyKey: `refund-${order.id}` },
        );
        order.status = 'refund_requested';
        order.refundUrl = refund.withdrawUrl;
        adminMessage = `Refund of ${order.id} requested`;
      } catch (error) {
        adminMessage = `Refund of ${order.id} failed: ${error instanceof GerbangError ? error.message : String(error)}`;
      }
    }
    response.writeHead(303, { location: '/admin' }).end();
  }

  async function route(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', options.publicUrl);
    const orderPath = /^\/orders\/([A-Z0-9-]+)(\.json)?$/.exec(url.pathname);
    const refundPath = /^\/admin\/orders\/([A-Z0-9-]+)\/refund$/.exec(url.pathname);
    if (request.method === 'GET' && url.pathname === '/') return send(response, 200, catalogPage());
    if (request.method === 'POST' && url.pathname === '/checkout') {
      return checkout(response, new URLSearchParams((await readBody(request)).toString('utf8')));
    }
    if (request.method === 'POST' && url.pathname === '/webhooks/gerbang') return webhook(request, response);
    if (request.method === 'GET' && orderPath) {
      const order = orders.get(orderPath[1] as string);
      if (!order) return send(response, 404, 'No such order');
      if (orderPath[2]) {
        const body = JSON.stringify({ id: order.id, status: order.status, statusText: statusText(order.status) });
        return send(response, 200, body, 'application/json');
      }
      return send(response, 200, orderPage(order, options.gerbangOrigin));
    }
    if (request.method === 'GET' && url.pathname === '/admin') {
      const page = adminPage([...orders.values()].reverse(), adminMessage);
      adminMessage = null;
      return send(response, 200, page);
    }
    if (request.method === 'POST' && refundPath) return refund(response, refundPath[1] as string);
    send(response, 404, 'Not found');
  }

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    route(request, response).catch((error: unknown) => {
      const message = error instanceof GerbangError ? error.message : 'Something went wrong';
      if (!response.headersSent) send(response, 502, message, 'text/plain');
    });
  };
  return { server: createServer(handle), handle, orders };
}
