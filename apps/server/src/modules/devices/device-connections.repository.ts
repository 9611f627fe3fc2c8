import type { DeviceConnection } from '@gerbang/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isoText } from '../../db/iso-text';
import { newestFirstRead } from '../../db/newest-first-read';
import { named } from '../../db/prepared-read';
import { deviceConnections } from '../../db/schema';

/** A row of the log as its answer writes it (times as ISO text). */
const pageColumns = {
  id: named<string>('id', deviceConnections.id),
  deviceId: named<string>('deviceId', deviceConnections.deviceId),
  connectedAt: named<string>('connectedAt', isoText(deviceConnections.connectedAt)),
  disconnectedAt: named<string>('disconnectedAt', isoText(deviceConnections.disconnectedAt)),
  reason: named<string>('reason', deviceConnections.reason),
  ip: named<string>('ip', deviceConnections.ip),
};

/** The connection log: a row opens on an agent's hello and closes with the reason it ended. */
export function createDeviceConnectionsRepository(db: Database) {
  const readPage = newestFirstRead<DeviceConnection>(db, {
    table: deviceConnections,
    columns: pageColumns,
    at: deviceConnections.connectedAt,
    id: deviceConnections.id,
    ownedBy: (deviceId) => eq(deviceConnections.deviceId, deviceId),
  });

  return {
    async open(fields: { deviceId: string; connectionId: string; ip: string | null }): Promise<void> {
      await db.insert(deviceConnections).values(fields);
    },

    /**
     * Closes the device's open rows (all of them, or the one of `connectionId`) with a reason.
     * The first closer wins: a later close of the same row changes nothing, so the side that
     * knows why (rotate, disable, replace) writes before the socket's own disconnect handler.
     */
    async close(deviceId: string, reason: string, connectionId?: string): Promise<number> {
      const where: SQL[] = [eq(deviceConnections.deviceId, deviceId), isNull(deviceConnections.disconnectedAt)];
      if (connectionId) where.push(eq(deviceConnections.connectionId, connectionId));
      const rows = await db
        .update(deviceConnections)
        .set({ disconnectedAt: sql`now()`, reason })
        .where(and(...where))
        .returning({ id: deviceConnections.id });
      return rows.length;
    },

    /** A device's log, newest first: a keyset page (limit + 1 rows) of answer items. */
    page: readPage,

    /** The page's SQL and values, for the test that checks its plan. */
    pageSql: readPage.sqlOf,
  };
}
export type DeviceConnectionsRepository = ReturnType<typeof createDeviceConnectionsRepository>;
