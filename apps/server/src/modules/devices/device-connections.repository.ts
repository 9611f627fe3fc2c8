import type { DeviceConnection } from '@gerbang/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { cursorText, isoText } from '../../db/iso-text';
import { named, preparedRead } from '../../db/prepared-read';
import { deviceConnections } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';

/** A row of the log as its answer writes it (times as ISO text), with the row's cursor time. */
const pageColumns = {
  id: named<string>('id', deviceConnections.id),
  deviceId: named<string>('deviceId', deviceConnections.deviceId),
  connectedAt: named<string>('connectedAt', isoText(deviceConnections.connectedAt)),
  disconnectedAt: named<string>('disconnectedAt', isoText(deviceConnections.disconnectedAt)),
  reason: named<string>('reason', deviceConnections.reason),
  ip: named<string>('ip', deviceConnections.ip),
  cursorAt: named<string>('cursorAt', cursorText(deviceConnections.connectedAt)),
};

type PageArgs = [deviceId: string, limit: number, after?: KeysetCursor];

/** The connection log: a row opens on an agent's hello and closes with the reason it ended. */
export function createDeviceConnectionsRepository(db: Database) {
  /** A device's log newest first along its index, read straight from the driver (`preparedRead`). */
  function pageQuery(shape: string) {
    const placeholder = sql.placeholder;
    return (
      db
        .select(pageColumns)
        .from(deviceConnections)
        .where(
          and(
            eq(deviceConnections.deviceId, placeholder('deviceId')),
            shape === 'after'
              ? sql`(${deviceConnections.connectedAt}, ${deviceConnections.id}) < (${placeholder('afterAt')}::timestamptz, ${placeholder('afterId')}::uuid)`
              : undefined,
          ),
        )
        // NULLS LAST as the index has it: a plain DESC would sort the rows instead of walking it.
        .orderBy(sql`${deviceConnections.connectedAt} desc nulls last`, sql`${deviceConnections.id} desc nulls last`)
        .limit(placeholder('limit'))
    );
  }
  const readPage = preparedRead<PageArgs, DeviceConnection & { cursorAt: string }>(
    db,
    pageQuery,
    (deviceId, limit, after) => [
      after ? 'after' : 'first',
      { deviceId, afterAt: after?.at, afterId: after?.id, limit: limit + 1 },
    ],
  );

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
