import type { ProxyEntry } from '@gerbang/contract';
import type { ProxyRecord } from './proxies.repository';

/**
 * The contract's proxy, field by field: an allowlist, so the encrypted password (or anything
 * derived from it but `hasPassword`) can never leave the server.
 */
export function toProxyResponse(row: ProxyRecord): ProxyEntry {
  return {
    id: row.id,
    type: row.type,
    host: row.host,
    port: row.port,
    username: row.username,
    hasPassword: row.passwordEncrypted !== null,
    label: row.label,
    checkStatus: row.checkStatus,
    lastCheckedAt: row.lastCheckedAt ? row.lastCheckedAt.toISOString() : null,
    latencyMs: row.latencyMs,
    exitIp: row.exitIp,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
