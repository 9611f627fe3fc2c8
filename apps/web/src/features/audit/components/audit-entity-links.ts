import type { Area, AuditLogEntry, AuditTargetType } from '@gerbang/contract';

/**
 * Where an entry's entity is shown in this console, by entity type: the page (or list with its
 * detail open) and the permission area the page needs. The route file of each console provides its
 * own table; a type without a row, or an entry the row cannot place, gets no link.
 */
export type AuditEntityLinks = Partial<
  Record<AuditTargetType, { area: Area; to: (entry: AuditLogEntry & { targetId: string }) => string | null }>
>;
