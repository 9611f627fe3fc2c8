import type { FastifyInstance } from 'fastify';

type Headers = { authorization: string } & Record<string, string>;

/** A signed-in caller of the app under test, by injection (no socket). */
export function api(app: FastifyInstance, headers: Headers) {
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object, extra: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, ...(payload ? { payload } : {}) }),
    patch: (url: string, payload: object) => app.inject({ method: 'PATCH', url, headers, payload }),
    put: (url: string, payload: object) => app.inject({ method: 'PUT', url, headers, payload }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers }),
  };
}
