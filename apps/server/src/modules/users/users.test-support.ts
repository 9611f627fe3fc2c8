import type { TestApp } from '../../../test/helpers/test-app';

/** Shared by the users module's tests. */

export { api } from '../../../test/helpers/test-api';

export function auditFor(t: TestApp, userId: string) {
  return t.app.ctx.audit.listForTarget('user', userId);
}

export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
