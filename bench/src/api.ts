import { listUsers, signin, signinResponseSchema, type TokenPair } from '@gerbang/contract';

/** The few API calls the harness makes itself (not measured): sign in, follow list cursors. */

async function call(url: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} → ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** A console user's session, as the sign-in page would get it. */
export async function signInForTokens(baseUrl: string, email: string, password: string): Promise<TokenPair> {
  const body = signinResponseSchema.parse(
    await call(`${baseUrl}${signin.path}`, {
      method: signin.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  return { accessToken: body.accessToken, refreshToken: body.refreshToken };
}

export async function signInForToken(baseUrl: string, email: string, password: string): Promise<string> {
  return (await signInForTokens(baseUrl, email, password)).accessToken;
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
