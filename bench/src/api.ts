import {
  ACCESS_TOKEN_STORAGE_KEY,
  CURRENT_USER_STORAGE_KEY,
  getWallet,
  listPaymentSessions,
  listUsers,
  REFRESH_TOKEN_STORAGE_KEY,
  type SigninResponse,
  signin,
  signinResponseSchema,
} from '@gerbang/contract';

/** The few API calls the harness makes itself (not measured): sign in, follow list cursors. */

async function call(url: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} → ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** A console user's session, as the sign-in page gets it. */
export async function signInAsConsole(baseUrl: string, email: string, password: string): Promise<SigninResponse> {
  return signinResponseSchema.parse(
    await call(`${baseUrl}${signin.path}`, {
      method: signin.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
}

/** What the sign-in page leaves in the console's localStorage: the tokens and the user. */
export function consoleStorageOf(session: SigninResponse): [string, string][] {
  return [
    [ACCESS_TOKEN_STORAGE_KEY, session.accessToken],
    [REFRESH_TOKEN_STORAGE_KEY, session.refreshToken],
    [CURRENT_USER_STORAGE_KEY, JSON.stringify(session.user)],
  ];
}

export async function signInForToken(baseUrl: string, email: string, password: string): Promise<string> {
  return (await signInAsConsole(baseUrl, email, password)).accessToken;
}

/** A receiving account of the newest seeded DANA session (the session list's account filter). */
export async function sessionAccountOf(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}${listPaymentSessions.path}?limit=1&method=dana`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const page = (await response.json()) as { items: { walletAccountId: string | null }[] };
  const id = page.items[0]?.walletAccountId;
  if (!id) throw new Error(`no seeded session with an account (${response.status})`);
  return id;
}

/** The phone an account lives on (its check history and connection log are the device lists' pages). */
export async function deviceOfAccount(baseUrl: string, token: string, accountId: string): Promise<string> {
  const account = (await call(`${baseUrl}${getWallet.path.replace(':id', accountId)}`, {
    headers: { authorization: `Bearer ${token}` },
  })) as { deviceId: string };
  return account.deviceId;
}

export function usersPagePath(limit: number, cursor?: string): string {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return `${listUsers.path}?${query}`;
}

/**
 * Walks the list through nextCursor, as a client paging on would, until `depth` rows lie behind
 * it (or `budgetMs` is spent: a slow list must not eat the run); returns the cursor reached.
 */
export async function cursorAtDepth(
  baseUrl: string,
  token: string,
  depth: number,
  budgetMs: number,
): Promise<{ cursor: string; depth: number }> {
  const pageSize = 100;
  const deadline = performance.now() + budgetMs;
  let cursor: string | undefined;
  let seen = 0;
  while (seen < depth && (seen === 0 || performance.now() < deadline)) {
    const page = (await call(`${baseUrl}${usersPagePath(pageSize, cursor)}`, {
      headers: { authorization: `Bearer ${token}` },
    })) as { items: unknown[]; nextCursor: string | null };
    if (!page.nextCursor) throw new Error(`the list ended after ${seen + page.items.length} rows`);
    cursor = page.nextCursor;
    seen += page.items.length;
  }
  if (!cursor) throw new Error('no cursor');
  return { cursor, depth: seen };
}
