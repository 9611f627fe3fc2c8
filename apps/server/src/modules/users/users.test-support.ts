import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../../../test/helpers/test-app';

/** Shared by the users module's tests. */

type Headers = { authorization: string };

export function api(app: FastifyInstance, headers: Headers) {
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) =>
      app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
    patch: (url: string, payload: object) => app.inject({ method: 'PATCH', url, headers, payload }),
  };
}

export function auditFor(t: TestApp, userId: string) {
  return t.app.ctx.audit.listForTarget('user', userId);
}

export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
