import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText } from '../../db/iso-text';
import { deviceConnections } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

const cursorAt = cursorText(deviceConnections.connectedAt);

/** The connection log: a row opens on an agent's hello and closes with the reason it ended. */
export function createDeviceConnectionsRepository(db: Database) {
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

    /** Newest first, keyset on (connected_at, id). Reads limit + 1 rows. */
    async page(deviceId: string, limit: number, after?: KeysetCursor) {
      const where: SQL[] = [eq(deviceConnections.deviceId, deviceId)];
      if (after) {
        where.push(
          sql`(${deviceConnections.connectedAt}, ${deviceConnections.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
        );
      }
      return (
        db
          .select({
            id: deviceConnections.id,
            deviceId: deviceConnections.deviceId,
            connectedAt: deviceConnections.connectedAt,
            disconnectedAt: deviceConnections.disconnectedAt,
            reason: deviceConnections.reason,
            ip: deviceConnections.ip,
            cursorAt,
          })
          .from(deviceConnections)
          .where(and(...where))
          // NULLS LAST as the index has it: a plain DESC would sort the rows instead of walking it.
          .orderBy(sql`${deviceConnections.connectedAt} desc nulls last`, sql`${deviceConnections.id} desc nulls last`)
          .limit(limit + 1)
      );
    },
  };
}
export type DeviceConnectionsRepository = ReturnType<typeof createDeviceConnectionsRepository>;
