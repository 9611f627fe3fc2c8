import { signin } from '@gerbang/contract';

/** Console users sign in through the REST API, as the web console does; returns their access tokens. */
export async function signInConsoles(baseUrl: string, emails: string[], password: string, parallel = 4) {
  const tokens: string[] = new Array(emails.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < emails.length; i = next++) {
      const res = await fetch(`${baseUrl}${signin.path}`, {
        method: signin.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: emails[i], password }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`sign-in of ${emails[i]} → ${res.status} ${text.slice(0, 200)}`);
      tokens[i] = (JSON.parse(text) as { accessToken: string }).accessToken;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, emails.length) }, worker));
  return tokens;
}
