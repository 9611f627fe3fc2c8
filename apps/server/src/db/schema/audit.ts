import { bigserial, index, inet, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Append-only audit trail: who did what to whom, when and from where. `subject` is the
 * identity an anonymous action was about (e.g. the email of a failed sign-in); the login
 * rate limit counts rows by (action, subject) and (action, ip).
 *
 * `actor_merchant_id` is the merchant of the acting user when the entry was written (set by the
 * audit repository from `users`): a Merchant user's Audit page reads its own merchant's entries
 * along one index, and an entry stays its merchant's whatever happens to the user later.
 *
 * The audit page reads newest first by (created_at, id) under one filter at a time: each filter
 * has its (…, created_at DESC, id DESC) index, so a page is a walk, not a sort
 * (audit-log-list-plan.test.ts proves each).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    actorUserId: uuid('actor_user_id'),
    actorMerchantId: uuid('actor_merchant_id'),
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
    index('audit_log_created_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_target_type_created_id_idx').on(t.targetType, t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_created_id_idx').on(t.actorUserId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_merchant_created_id_idx').on(t.actorMerchantId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_created_id_idx').on(t.action, t.createdAt.desc(), t.id.desc()),
    index('audit_log_ip_created_id_idx').on(t.ip, t.createdAt.desc(), t.id.desc()),
  ],
);
