import { z } from 'zod';
import {
  createdRangeIsOrdered,
  idSchema,
  isoDateTimeSchema,
  pageQuerySchema,
  pageSchema,
  serialIdSchema,
} from '../common';
import { walletProviderSchema } from '../wallets/provider';
import { auditActionSchema, auditTargetTypeSchema } from './audit-actions';

export const auditEntryIdSchema = serialIdSchema('An audit entry');
export const auditEntryParamsSchema = z.strictObject({ id: auditEntryIdSchema });

/**
 * One audit entry as the consoles show it. `action` and `targetType` are plain text, not the
 * contract's enums: the log is append-only and outlives code, so an entry written under a name
 * since retired must still be readable. `details` holds what the action recorded; a changed value
 * is `{ from, to }` (at the top, under a field's name, or under `changes`).
 */
export const auditLogEntrySchema = z.object({
  id: auditEntryIdSchema,
  createdAt: isoDateTimeSchema,
  action: z.string(),
  /** The signed-in user who acted; null for anonymous actions (a failed sign-in) and the server's own. */
  actorUserId: idSchema.nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The identity the entry is about, as it was then (an email, a device's name, a proxy's address). */
  subject: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /** A wallet account's provider, whose page (/<provider>/:id) shows the account; null otherwise. */
  targetProvider: walletProviderSchema.nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** An IP address as the audit records it (one address, either family); the consoles check it too. */
export const ipAddressSchema = z.union([z.ipv4(), z.ipv6()], { error: 'Enter an IPv4 or IPv6 address' });

/**
 * The filters of the audit page and its CSV export. `createdFrom` is inclusive and `createdTo`
 * exclusive; `targetId` needs its `targetType` (an id is looked up within its type, along an
 * index). A Merchant user gets its own merchant's entries only (those its users made), whatever
 * `actorUserId` says.
 */
const auditFilters = {
  actorUserId: idSchema.optional(),
  action: auditActionSchema.optional(),
  targetType: auditTargetTypeSchema.optional(),
  targetId: z.string().trim().min(1).max(100).optional(),
  ip: ipAddressSchema.optional(),
  createdFrom: isoDateTimeSchema.optional(),
  createdTo: isoDateTimeSchema.optional(),
};
const targetIdHasType: [(q: { targetType?: string; targetId?: string }) => boolean, z.core.$ZodCustomParams] = [
  (q) => q.targetId === undefined || q.targetType !== undefined,
  { message: 'Choose the entity type this id belongs to', path: ['targetType'] },
];

/** Admin console `/audit` (roles with audit:view) and merchant console `/audit`: newest first. */
export const listAuditLog = { method: 'GET', path: '/audit-log' } as const;
export const listAuditLogQuerySchema = pageQuerySchema
  .extend(auditFilters)
  .refine(...createdRangeIsOrdered)
  .refine(...targetIdHasType);
export type ListAuditLogQuery = z.input<typeof listAuditLogQuerySchema>;
export const listAuditLogResponseSchema = pageSchema(auditLogEntrySchema);
export type ListAuditLogResponse = z.infer<typeof listAuditLogResponseSchema>;

/** One entry (the audit page's detail, which its address can name: `?entry=<id>`). */
export const getAuditEntry = { method: 'GET', path: '/audit-log/:id' } as const;

/**
 * The filtered entries as CSV, newest first, every matching row, streamed: the server reads and
 * sends them a page at a time, so a large export never sits in its memory.
 */
export const exportAuditLog = { method: 'GET', path: '/audit-log/export' } as const;
export const exportAuditLogQuerySchema = z
  .strictObject(auditFilters)
  .refine(...createdRangeIsOrdered)
  .refine(...targetIdHasType);
export type ExportAuditLogQuery = z.input<typeof exportAuditLogQuerySchema>;
/** The export's columns, in order (the first CSV line); `details` is its JSON text. */
export const AUDIT_EXPORT_COLUMNS = [
  'createdAt',
  'id',
  'action',
  'actorUserId',
  'actorEmail',
  'actorName',
  'targetType',
  'targetId',
  'subject',
  'ip',
  'details',
] as const satisfies readonly (keyof AuditLogEntry)[];
