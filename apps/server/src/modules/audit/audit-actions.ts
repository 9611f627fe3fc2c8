/**
 * The audit action names live in the contract (the audit page filters and labels them); the
 * services and tests import them from here, beside the audit repository they write with.
 */
export { AUDIT_ACTIONS, type AuditAction } from '@gerbang/contract';
