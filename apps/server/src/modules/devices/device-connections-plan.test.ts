import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPlanOf } from '../../../test/helpers/query-plan';
import { createTestDatabase } from '../../../test/helpers/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createDeviceConnectionsRepository } from './device-connections.repository';

const DEVICE_ID = '00000000-0000-4000-8000-000000000001';
const AFTER = { at: '2026-01-01T00:00:00.000000Z', id: '00000000-0000-4000-8000-000000000000' };

/** A phone reconnects for ever: a page of its connection log must walk its index, never sort the log. */
describe("the query plan of a device's connection log", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  for (const after of [undefined, AFTER]) {
    it(`reads a page${after ? ' after a cursor' : ''} along the device's index without sorting`, async () => {
      const plan = await indexPlanOf(
        database,
        createDeviceConnectionsRepository(database.db).pageSql(DEVICE_ID, 50, after),
      );
      expect(plan).toMatch(/Index Scan (Backward )?using device_connections_device_idx/);
      expect(plan).not.toMatch(/\bSort\b/);
    });
  }
});
