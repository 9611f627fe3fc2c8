import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import { auditLog, sessions } from '../../db/schema';

/** Shared by the auth module's tests: the calls and reads they all repeat. */

export function refresh(app: FastifyInstance, refreshToken: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/auth/refresh-token',
    headers: { authorization: `Bearer ${refreshToken}` },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export async function currentUserStatus(app: FastifyInstance, accessToken: string): Promise<number> {
  const res = await app.inject({
    method: 'GET',
    url: '/auth/current-user',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return res.statusCode;
}

export function postJson(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers });
}

export function auditRows(database: DatabaseHandle, action: string) {
  return database.db.select().from(auditLog).where(eq(auditLog.action, action));
}

export function sessionsOf(database: DatabaseHandle, userId: string) {
  return database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** The token in a mailed link such as http://localhost:3000/auth/reset-password?token=... */
export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
