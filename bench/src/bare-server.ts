import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { send, serveParent } from './ipc';

/**
 * The baseline: a plain Fastify app with one small JSON route, in its own process so it does not
 * share an event loop with the load generator (same as every measured server).
 * GET /bare-page is a reference, not a baseline: a users page of the same shape and size as
 * GET /users?limit=50, from memory (no auth, no database, no schema), i.e. the ceiling that HTTP and
 * JSON alone put on a 50-row page.
 * GET /memory-page is the same for any list: the orchestrator hands it the answer a list scenario's
 * request got from the real server, and it serves that answer from memory (parsed once, written by
 * JSON.stringify on every request, like /bare-page): "the same page served from memory".
 */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));

const createdAt = Date.now();
const page = {
  items: Array.from({ length: 50 }, (_, i) => ({
    id: randomUUID(),
    email: `bench-user-${i + 1}@example.test`,
    name: `Bench User ${i + 1}`,
    roleId: 2 + (i % 3),
    merchantId: null,
    merchantName: null,
    status: 'active',
    isLoggedIn: false,
    lastLoginAt: null,
    createdAt: new Date(createdAt - i * 1000).toISOString(),
    updatedAt: new Date(createdAt - i * 1000).toISOString(),
  })),
  nextCursor: Buffer.from(JSON.stringify([new Date(createdAt).toISOString(), randomUUID()])).toString('base64url'),
};
app.get('/bare-page', async () => page);
let heldPage: unknown = null;
app.get('/memory-page', async () => heldPage);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
serveParent(
  () => app.close(),
  (body) => {
    heldPage = JSON.parse(body);
  },
);
send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
