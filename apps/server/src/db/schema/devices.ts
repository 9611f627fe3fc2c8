import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Managed phones. The agent token is stored hashed. Presence columns are written by the instance
 * holding the agent's connection (heartbeats are batched); isOnline is derived from connectedAt,
 * disconnectedAt and lastSeenAt against AGENT_PRESENCE_TIMEOUT_MS.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    label: text('label').notNull().default(''),
    notes: text('notes').notNull().default(''),
    isSimulated: boolean('is_simulated').notNull().default(false),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    tokenHash: text('token_hash').notNull(),
    tokenRotatedAt: timestamp('token_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    protocolVersion: integer('protocol_version'),
    appVersions: jsonb('app_versions').$type<Record<string, string>>().notNull().default({}),
    capabilities: jsonb('capabilities').$type<string[]>().notNull().default([]),
    telemetry: jsonb('telemetry').$type<Record<string, unknown>>(),
    /** The live connection's id, null when disconnected; a new connection replaces it. */
    connectionId: text('connection_id'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    isBusy: boolean('is_busy').notNull().default(false),
    /** Busy is a lease: released when it passes (AGENT_BUSY_LEASE_MS). */
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_token_hash_key').on(t.tokenHash), index('devices_name_idx').on(t.name)],
);

/** The connection log of each device. */
export const deviceConnections = pgTable(
  'device_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    connectionId: text('connection_id').notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    reason: text('reason'),
    ip: text('ip'),
  },
  // In the log's pages' (connected_at, id) order: a page walks it without sorting ties.
  (t) => [index('device_connections_device_idx').on(t.deviceId, t.connectedAt.desc(), t.id.desc())],
);
