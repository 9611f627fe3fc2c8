import { proxyHostSchema } from '@gerbang/contract';

export type ParsedProxyLine = {
  line: number;
  /** The line as the operator may see it again: the password masked. */
  text: string;
  host: string;
  port: number;
  username: string | null;
  password: string | null;
};
export type ProxyLineError = { line: number; text: string; message: string };

const MAX_CREDENTIAL_LENGTH = 200;
export const MASK = '****';

/** Hosts are case-insensitive and stored bare: `[::1]` → `::1`, `Proxy.EXAMPLE` → `proxy.example`. */
export const normalizeHost = (host: string) =>
  host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();

/** Shows a host with its port as people write it: IPv6 in brackets. */
export const hostPort = (host: string, port: number) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

/**
 * Splits `host:port[:user:pass]`. IPv6 hosts go in brackets (`[::1]:8080`); the password is
 * everything after the third separator, so it may itself contain colons.
 */
function split(text: string): { host: string; rest: string[] } | null {
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0 || text[close + 1] !== ':') return null;
    return { host: text.slice(1, close), rest: text.slice(close + 2).split(':') };
  }
  const [host = '', ...rest] = text.split(':');
  return { host, rest };
}

function mask(text: string): string {
  const head = text.startsWith('[') ? text.indexOf(']') + 1 : 0;
  let colons = 0;
  for (let i = head; i < text.length; i++) {
    if (text[i] === ':' && ++colons === 3) return `${text.slice(0, i + 1)}${MASK}`;
  }
  return text;
}

type Endpoint = Pick<ParsedProxyLine, 'host' | 'port' | 'username' | 'password'>;

/** One trimmed, non-comment line: the endpoint, or why it is not one. */
function parseLine(text: string): Endpoint | { message: string } {
  const parts = split(text);
  if (!parts) return { message: 'Write IPv6 addresses in brackets, like [2001:db8::1]:8080' };
  const [portText = '', username, ...passwordParts] = parts.rest;
  if (parts.rest.length !== 1 && parts.rest.length < 3) {
    return { message: 'Expected host:port or host:port:username:password' };
  }
  if (!proxyHostSchema.safeParse(parts.host).success) return { message: 'Enter a host name or IP address' };
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) {
    return { message: 'The port must be a number from 1 to 65535' };
  }
  const password = passwordParts.length > 0 ? passwordParts.join(':') : null;
  if (username === '') return { message: 'The username is empty' };
  if ((username?.length ?? 0) > MAX_CREDENTIAL_LENGTH || (password?.length ?? 0) > MAX_CREDENTIAL_LENGTH) {
    return { message: `Usernames and passwords may have at most ${MAX_CREDENTIAL_LENGTH} characters` };
  }
  return { host: normalizeHost(parts.host), port, username: username ?? null, password: password || null };
}

/** One proxy per line; blank lines and `#` comments are skipped; every other bad line is reported. */
export function parseProxyLines(input: string): { proxies: ParsedProxyLine[]; errors: ProxyLineError[] } {
  const proxies: ParsedProxyLine[] = [];
  const errors: ProxyLineError[] = [];
  for (const [index, raw] of input.split(/\r\n|\r|\n/).entries()) {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const line = index + 1;
    const text = mask(trimmed);
    const parsed = parseLine(trimmed);
    if ('message' in parsed) errors.push({ line, text, message: parsed.message });
    else proxies.push({ line, text, ...parsed });
  }
  return { proxies, errors };
}
