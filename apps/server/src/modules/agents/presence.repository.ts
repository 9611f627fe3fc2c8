import { AGENT_BUSY_LEASE_MS, AGENT_PRESENCE_TIMEOUT_MS, type Hello, type Telemetry } from '@gerbang/contract';
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { deviceConnections, devices } from '../../db/schema';

const leaseEnd = sql`now() + ${`${AGENT_BUSY_LEASE_MS} milliseconds`}::interval`;
/** Rows per heartbeat flush statement (4 parameters each, well under PostgreSQL's 65,535). */
const FLUSH_CHUNK = 2000;

export type HeartbeatEntry = { deviceId: string; connectionId: string; telemetry: Telemetry; seenAt: Date };

/**
 * Presence writes of the instance holding an agent. Every write is guarded by the connection id,
 * so a replaced or reaped connection can no longer change its device.
 */
export function createPresenceRepository(db: Database) {
  return {
    /**
     * After hello: the device is this connection's (if its token still matches and it is active),
     * earlier open log rows are closed as replaced and a new one opens. Returns false when the
     * device was disabled or its token rotated since the handshake.
     */
    async goOnline(c: { deviceId: string; tokenHash: string; connectionId: string; ip: string | null; hello: Hello }) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(devices)
          .set({
            connectionId: c.connectionId,
            connectedAt: sql`now()`,
            lastSeenAt: sql`now()`,
            protocolVersion: c.hello.protocolVersion,
            appVersions: c.hello.appVersions,
            capabilities: c.hello.capabilities,
            ...(c.hello.telemetry ? { telemetry: c.hello.telemetry } : {}),
            isBusy: c.hello.isBusy ?? false,
            busyUntil: c.hello.isBusy ? leaseEnd : null,
          })
          .where(and(eq(devices.id, c.deviceId), eq(devices.tokenHash, c.tokenHash), eq(devices.status, 'active')))
          .returning({ id: devices.id });
        if (rows.length === 0) return false;
        await tx
          .update(deviceConnections)
          .set({ disconnectedAt: sql`now()`, reason: 'replaced' })
          .where(and(eq(deviceConnections.deviceId, c.deviceId), isNull(deviceConnections.disconnectedAt)));
        await tx.insert(deviceConnections).values({ deviceId: c.deviceId, connectionId: c.connectionId, ip: c.ip });
        return true;
      });
    },

    /** The connection ended: offline and not busy, if it still owns the device. True when it did. */
    async goOffline(deviceId: string, connectionId: string, reason: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(devices)
          .set({ connectionId: null, isBusy: false, busyUntil: null })
          .where(and(eq(devices.id, deviceId), eq(devices.connectionId, connectionId)))
          .returning({ id: devices.id });
        await tx
          .update(deviceConnections)
          .set({ disconnectedAt: sql`now()`, reason })
          .where(and(eq(deviceConnections.connectionId, connectionId), isNull(deviceConnections.disconnectedAt)));
        return rows.length > 0;
      });
    },

    /** Busy starts (or renews) a lease; idle ends it. False if the connection no longer owns the device. */
    async setBusy(deviceId: string, connectionId: string, isBusy: boolean): Promise<boolean> {
      const rows = await db
        .update(devices)
        .set({ isBusy, busyUntil: isBusy ? leaseEnd : null })
        .where(and(eq(devices.id, deviceId), eq(devices.connectionId, connectionId)))
        .returning({ id: devices.id });
      return rows.length > 0;
    },

    /** Many heartbeats in one UPDATE … FROM (VALUES …) per chunk, each guarded by its connection id. */
    async writeHeartbeats(entries: HeartbeatEntry[]): Promise<void> {
      for (let i = 0; i < entries.length; i += FLUSH_CHUNK) {
        const values = sql.join(
          entries
            .slice(i, i + FLUSH_CHUNK)
            .map(
              (e) =>
                sql`(${e.deviceId}::uuid, ${e.connectionId}::text, ${JSON.stringify(e.telemetry)}::jsonb, ${e.seenAt.toISOString()}::timestamptz)`,
            ),
          sql`, `,
        );
        await db.execute(sql`
          update devices as d set last_seen_at = greatest(d.last_seen_at, v.seen_at), telemetry = v.telemetry
          from (values ${values}) as v(id, connection_id, telemetry, seen_at)
          where d.id = v.id and d.connection_id = v.connection_id`);
      }
    },

    /**
     * Devices not heard from within the timeout (their instance crashed, or the agent hung) go
     * offline and not busy; their open log rows close with reason timeout. Returns their ids.
     */
    async reapSilent(): Promise<string[]> {
      return db.transaction(async (tx) => {
        const cutoff = sql`now() - ${`${AGENT_PRESENCE_TIMEOUT_MS} milliseconds`}::interval`;
        const rows = await tx
          .update(devices)
          .set({ connectionId: null, isBusy: false, busyUntil: null })
          .where(and(isNotNull(devices.connectionId), or(isNull(devices.lastSeenAt), lt(devices.lastSeenAt, cutoff))))
          .returning({ id: devices.id });
        const ids = rows.map((r) => r.id);
        if (ids.length > 0) {
          await tx
            .update(deviceConnections)
            .set({ disconnectedAt: sql`now()`, reason: 'timeout' })
            .where(and(inArray(deviceConnections.deviceId, ids), isNull(deviceConnections.disconnectedAt)));
        }
        return ids;
      });
    },

    /** Busy leases that ran out are released. Returns the devices released. */
    async releaseExpiredBusy(): Promise<string[]> {
      const rows = await db
        .update(devices)
        .set({ isBusy: false, busyUntil: null })
        .where(and(eq(devices.isBusy, true), lt(devices.busyUntil, sql`now()`)))
        .returning({ id: devices.id });
      return rows.map((r) => r.id);
    },
  };
}
export type PresenceRepository = ReturnType<typeof createPresenceRepository>;
