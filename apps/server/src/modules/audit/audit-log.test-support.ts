import type { AuditLogEntry } from '@gerbang/contract';
import type { api } from '../../../test/helpers/test-api';
import type { TestApp } from '../../../test/helpers/test-app';
import { auditLog } from '../../db/schema';

/** Shared by the audit page's tests. */

type Page = { items: AuditLogEntry[]; nextCursor: string | null };

/**
 * Entries written straight to the table, at the times given: a page's order and a range's edges
 * are under test, not the actions that write them.
 */
export async function writeEntries(
  t: TestApp,
  entries: {
    action: string;
    createdAt: string;
    actorUserId?: string;
    actorMerchantId?: string;
    targetType?: string;
    targetId?: string;
    subject?: string;
    ip?: string;
    details?: Record<string, unknown>;
  }[],
) {
  await t.database.db
    .insert(auditLog)
    .values(entries.map((entry) => ({ ...entry, createdAt: new Date(entry.createdAt) })));
}

/** Every entry a caller gets by following `nextCursor`, `limit` at a time. */
export async function pageThrough(caller: ReturnType<typeof api>, query: string, limit: number) {
  const seen: AuditLogEntry[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const res = await caller.get(`/audit-log?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    if (res.statusCode !== 200) throw new Error(`page failed: ${res.statusCode} ${res.body}`);
    const page = res.json() as Page;
    if (page.items.length > limit) throw new Error(`a page of ${page.items.length} over its limit ${limit}`);
    seen.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('pagination did not end');
}
