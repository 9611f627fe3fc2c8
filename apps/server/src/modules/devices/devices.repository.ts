import { AGENT_PRESENCE_TIMEOUT_MS, type DEVICE_SORTS } from '@gerbang/contract';
import { and, asc, desc, eq, getTableColumns, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { escapeLike } from '../../db/like-pattern';
import { devices } from '../../db/schema';

const { tokenHash: _secret, ...publicColumns } = getTableColumns(devices);

/** Online: a live connection heard from within the presence timeout (a crashed instance's devices time out). */
export const isOnlineSql = sql<boolean>`(${devices.connectionId} is not null and ${devices.lastSeenAt} > now() - ${`${AGENT_PRESENCE_TIMEOUT_MS} milliseconds`}::interval)`;

const deviceColumns = { ...publicColumns, isOnline: isOnlineSql.as('is_online') };

export type DeviceRecord = Omit<typeof devices.$inferSelect, 'tokenHash'> & { isOnline: boolean };

export type DeviceListFilter = {
  q?: string;
  presence?: 'online' | 'offline';
  busy?: boolean;
  status?: 'active' | 'disabled';
  sort: (typeof DEVICE_SORTS)[number];
};

const SORT_COLUMNS = { name: devices.name, lastSeenAt: devices.lastSeenAt, createdAt: devices.createdAt } as const;

function orderOf(sort: DeviceListFilter['sort']): SQL[] {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace('-', '') as keyof typeof SORT_COLUMNS];
  // Never-seen devices go last either way; id keeps the order stable.
  const main = descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  return [main, descending ? desc(devices.id) : asc(devices.id)];
}

export function createDevicesRepository(db: Database) {
  async function findById(id: string): Promise<DeviceRecord | null> {
    const rows = await db.select(deviceColumns).from(devices).where(eq(devices.id, id)).limit(1);
    return rows[0] ?? null;
  }

  return {
    findById,

    /** The whole fleet matching the filters (hundreds of phones, listed at once). */
    async list(filter: DeviceListFilter): Promise<DeviceRecord[]> {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(devices.status, filter.status));
      if (filter.busy !== undefined) where.push(eq(devices.isBusy, filter.busy));
      if (filter.presence === 'online') where.push(isOnlineSql);
      if (filter.presence === 'offline') where.push(sql`not ${isOnlineSql}`);
      if (filter.q) {
        const pattern = `%${escapeLike(filter.q)}%`;
        where.push(
          or(ilike(devices.name, pattern), ilike(devices.label, pattern), ilike(devices.notes, pattern)) as SQL,
        );
      }
      return db
        .select(deviceColumns)
        .from(devices)
        .where(and(...where))
        .orderBy(...orderOf(filter.sort));
    },

    /** The device a token belongs to (tokens are looked up by hash only). */
    async findByTokenHash(tokenHash: string) {
      const rows = await db
        .select({ id: devices.id, status: devices.status })
        .from(devices)
        .where(eq(devices.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },

    async insert(fields: { name: string; label: string; notes: string; isSimulated: boolean; tokenHash: string }) {
      const [row] = await db.insert(devices).values(fields).returning({ id: devices.id });
      if (!row) throw new Error('device insert returned nothing');
      return findById(row.id) as Promise<DeviceRecord>;
    },

    async update(
      id: string,
      changes: Partial<Pick<typeof devices.$inferInsert, 'name' | 'label' | 'notes' | 'status'>>,
    ): Promise<DeviceRecord | null> {
      await db
        .update(devices)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(devices.id, id));
      return findById(id);
    },

    /** Swaps the token hash: from this statement on the old token matches no device. */
    async rotateToken(id: string, tokenHash: string): Promise<DeviceRecord | null> {
      await db
        .update(devices)
        .set({ tokenHash, tokenRotatedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(devices.id, id));
      return findById(id);
    },

    /** Ids of the devices online now (the `device:getConnected` map). */
    async onlineIds(): Promise<string[]> {
      const rows = await db.select({ id: devices.id }).from(devices).where(isOnlineSql);
      return rows.map((r) => r.id);
    },

    /** Online, active devices (the health-check schedule's targets). */
    async onlineActiveIds(): Promise<string[]> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(isOnlineSql, eq(devices.status, 'active'), isNotNull(devices.connectionId)));
      return rows.map((r) => r.id);
    },

    /** Spec §7 busy map: every device id → its busy flag. */
    async busyMap(): Promise<Record<string, boolean>> {
      const rows = await db.select({ id: devices.id, isBusy: devices.isBusy }).from(devices);
      return Object.fromEntries(rows.map((r) => [r.id, r.isBusy]));
    },
  };
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
