import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPlanOf } from '../../../test/helpers/query-plan';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { type AuditLogFilter, createAuditLogPageRead } from './audit-log-page.repository';

/**
 * Every filter of the audit page must stay a walk along an index in (created_at, id) order: the
 * log only grows (every sign-in writes to it), and a sort of every matching row would grow with it.
 */
describe('the audit page query plan', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const after = { at: '2026-01-01T00:00:00.000000Z', id: '123' };
  /** Each shape with the index it walks. */
  const shapes: Record<string, [AuditLogFilter, typeof after | undefined, string]> = {
    'first page': [{}, undefined, 'audit_log_created_id_idx'],
    'page after a cursor': [{}, after, 'audit_log_created_id_idx'],
    'time range': [
      { createdFrom: '2026-01-01T00:00:00Z', createdTo: '2026-02-01T00:00:00Z' },
      undefined,
      'audit_log_created_id_idx',
    ],
    "merchant user's page": [{ actorMerchantId: randomUUID() }, after, 'audit_log_actor_merchant_created_id_idx'],
    'one actor': [{ actorUserId: randomUUID() }, undefined, 'audit_log_actor_created_id_idx'],
    'one action': [{ action: 'user.invited' }, after, 'audit_log_action_created_id_idx'],
    'one entity type': [{ targetType: 'device' }, undefined, 'audit_log_target_type_created_id_idx'],
    'one entity': [{ targetType: 'device', targetId: randomUUID() }, after, 'audit_log_target_idx'],
    'one IP': [{ ip: '203.0.113.7' }, undefined, 'audit_log_ip_created_id_idx'],
  };

  for (const [name, [filter, cursor, index]] of Object.entries(shapes)) {
    it(`reads the ${name} along ${index} without sorting`, async () => {
      const plan = await indexPlanOf(database, createAuditLogPageRead(database.db).pageSql(filter, 50, cursor));
      expect(plan).toMatch(new RegExp(`Index (Only )?Scan using ${index} on audit_log`));
      expect(plan).not.toMatch(/\bSort\b/);
    });
  }
});
