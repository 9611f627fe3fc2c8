import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * Where a merchant's webhooks may go (issue 33): never inside the operator's network unless the
 * operator allows it. Checked when a callback URL is set and again on every delivery, at connect
 * time against the addresses the name resolves to then (DNS can change between the two; a check
 * before the request and another address at connect would be a rebinding hole).
 *
 * - Never: link-local and cloud metadata (169.254.0.0/16, fe80::/10, fd00:ec2::254), and what is
 *   not a unicast host (0.0.0.0/8, ::, multicast, broadcast).
 * - Only with WEBHOOK_ALLOW_PRIVATE_NETWORKS: loopback, private and shared ranges (127.0.0.0/8,
 *   10/8, 172.16/12, 192.168/16, 100.64/10, ::1, fc00::/7). The demo and the tests deliver to
 *   receivers on loopback.
 * IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
 */
const NEVER = new BlockList();
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('224.0.0.0', 3, 'ipv4'); // multicast, reserved and broadcast
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addAddress('fd00:ec2::254', 'ipv6');
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');
NEVER.addSubnet('192.0.0.0', 24, 'ipv4'); // IETF protocol assignments
// Tunnels to IPv4 that carry their address where no address check can see it: 6to4 and Teredo.
NEVER.addSubnet('2002::', 16, 'ipv6');
NEVER.addSubnet('2001::', 32, 'ipv6');

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['198.18.0.0', 15],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('64:ff9b:1::', 48, 'ipv6'); // NAT64 for a local network (RFC 8215)

/** NAT64's well-known prefix (64:ff9b::/96): the IPv4 address in its last 32 bits is where it goes. */
const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');
function nat64Target(address: string): string | null {
  if (isIP(address) !== 6 || !NAT64.check(address, 'ipv6')) return null;
  const groups = new URL(`http://[${address}]`).hostname.slice(1, -1).split(':');
  const [high, low] = [groups.at(-2) ?? '0', groups.at(-1) ?? '0'].map((group) => Number.parseInt(group, 16));
  return [(high ?? 0) >> 8, (high ?? 0) & 255, (low ?? 0) >> 8, (low ?? 0) & 255].join('.');
}

/**
 * Why webhooks may not reach `address` (in words that name no address: a merchant sees them), or
 * null when they may.
 */
export function forbiddenReason(address: string, allowPrivate: boolean): string | null {
  const target = nat64Target(address) ?? address;
  const family = isIP(target) === 6 ? 'ipv6' : 'ipv4';
  if (NEVER.check(target, family)) return 'a link-local, metadata or reserved address';
  if (!allowPrivate && PRIVATE.check(target, family)) return 'a loopback or private address';
  return null;
}

/** The URL's host without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why a callback URL may not be set, or null. A literal address is judged as it is; a name by every
 * address it resolves to now. A name that does not resolve (yet) is accepted: each delivery checks.
 */
export async function callbackUrlProblem(value: string, allowPrivate: boolean): Promise<string | null> {
  const host = hostOf(new URL(value));
  const addresses = isIP(host)
    ? [host]
    : await new Promise<string[]>((resolve) =>
        lookup(host, { all: true }, (error, found) => resolve(error ? [] : found.map((entry) => entry.address))),
      );
  for (const address of addresses) {
    const reason = forbiddenReason(address, allowPrivate);
    if (reason) return host === address ? `Webhooks may not go to ${host}, ${reason}` : `${host} resolves to ${reason}`;
  }
  return null;
}

/** A connect-time lookup that refuses a name resolving to any forbidden address. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as unknown as { address: string; family: number }[];
      for (const entry of addresses) {
        const reason = forbiddenReason(entry.address, allowPrivate);
        if (reason) return callback(new Error(`${hostname} resolves to ${reason}`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      const [first] = addresses;
      callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };
}

/**
 * `fetch` to a merchant's callback URL through a connection that only opens to allowed addresses;
 * redirects are not followed (the caller asks `redirect: 'manual'`).
 */
export function createWebhookFetch(allowPrivate: boolean) {
  const dispatcher = new Agent({ connect: { lookup: guardedLookup(allowPrivate) } });
  return async (url: string, init: Parameters<typeof undiciFetch>[1]) => {
    // An address in the URL is connected to without a lookup: judged here.
    const host = hostOf(new URL(url));
    const reason = isIP(host) ? forbiddenReason(host, allowPrivate) : null;
    if (reason) throw new Error(`Webhooks may not go to ${host}, ${reason}`);
    return undiciFetch(url, { ...init, dispatcher });
  };
}
export type WebhookFetch = ReturnType<typeof createWebhookFetch>;
