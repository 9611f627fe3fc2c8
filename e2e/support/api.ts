import { activate, type InvitableRoleId, inviteUser, type SigninResponse, signin, type User } from '@gerbang/contract';
import { API_PORT, FIRST_ADMIN_EMAIL, FIRST_ADMIN_PASSWORD } from './e2e-env';
import { ACTIVATION_SUBJECT, messagesTo, waitForMailedLink } from './mailbox';

/** Node-side calls go to the loopback address directly (no CORS, no localhost lookup). */
const API = `http://127.0.0.1:${API_PORT}`;

export type Credentials = { email: string; password: string };
export type TestUser = Credentials & { id: string; name: string; roleId: number };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

export async function callApi<T>(
  endpoint: { method: string; path: string },
  options: { body?: unknown; token?: string; params?: Record<string, string> } = {},
): Promise<T> {
  const path = endpoint.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${API}${path}`, {
    method: endpoint.method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, body, `${endpoint.method} ${path}`);
  return body as T;
}

export function signInByApi({ email, password }: Credentials): Promise<SigninResponse> {
  return callApi<SigninResponse>(signin, { body: { email, password } });
}

export const FIRST_ADMIN: Credentials = { email: FIRST_ADMIN_EMAIL, password: FIRST_ADMIN_PASSWORD };

let uniqueCounter = 0;
/** An address no other test (or earlier run of this worker) uses. */
export function uniqueEmail(label: string): string {
  uniqueCounter += 1;
  return `${label}-${process.pid}-${Date.now().toString(36)}-${uniqueCounter}@e2e.gerbang.test`;
}

/** Invites a user as the first Admin, so a mailed activation link is waiting at the sink. */
export async function inviteByApi(input: { email: string; name: string; roleId: InvitableRoleId }): Promise<User> {
  const admin = await signInByApi(FIRST_ADMIN);
  return callApi<User>(inviteUser, { token: admin.accessToken, body: input });
}

/** A user of the given role, invited by the first Admin and activated from the mailed link. */
export async function createActiveUser(roleId: InvitableRoleId, label = 'user'): Promise<TestUser> {
  const email = uniqueEmail(label);
  const name = `E2E ${label} ${uniqueCounter}`;
  const seen = (await messagesTo(email)).length;
  const user = await inviteByApi({ email, name, roleId });
  const { link } = await waitForMailedLink(email, { subject: ACTIVATION_SUBJECT, seen });
  const password = `e2e-${label}-password-${uniqueCounter}`;
  await callApi(activate, { body: { token: link.searchParams.get('token'), password } });
  return { id: user.id, email, name, roleId, password };
}
