import { bigserial, index, inet, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Append-only audit trail: who did what to whom, when and from where. `subject` is the
 * identity an anonymous action was about (e.g. the email of a failed sign-in); the login
 * rate limit counts rows by (action, subject) and (action, ip).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    subject: text('subject'),
    ip: inet('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_action_subject_idx').on(t.action, t.subject, t.createdAt),
    index('audit_log_action_ip_idx').on(t.action, t.ip, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);
