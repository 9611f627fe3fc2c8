import { BlockList, isIPv4 } from 'node:net';

const MAX_CACHED = 1000;
const lists = new Map<string, BlockList>();
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** A token's networks as one BlockList, built once per distinct list (the token read carries them on every call). */
function blockListOf(networks: readonly string[]): BlockList {
  const key = networks.join(',');
  let list = lists.get(key);
  if (!list) {
    list = new BlockList();
    for (const network of networks) {
      const [address = '', prefix = ''] = network.split('/');
      list.addSubnet(address, Number(prefix), isIPv4(address) ? 'ipv4' : 'ipv6');
    }
    if (lists.size >= MAX_CACHED) lists.clear();
    lists.set(key, list);
  }
  return list;
}

/**
 * Whether a call from `ip` (the client address as Fastify sees it, X-Forwarded-For honoured only
 * with TRUST_PROXY) is inside one of the networks. An IPv4 client reached over an IPv6 socket
 * (`::ffff:203.0.113.7`) is checked as the IPv4 address it is.
 */
export function isInsideNetworks(ip: string, networks: readonly string[]): boolean {
  const address = IPV4_MAPPED.exec(ip)?.[1] ?? ip;
  return blockListOf(networks).check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}
