import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';

/**
 * What operators are told about without watching a page: each kind is one rule with its
 * threshold. An alert is opened once per (kind, subject) while its condition holds, and resolves
 * itself when the condition clears.
 */
export const ALERT_KINDS = [
  'device_offline',
  'wallet_auto_disabled',
  'withdrawal_uncertain',
  'sending_balance_low',
  'webhook_failing',
  'transfers_waiting',
  'method_without_ready_account',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const alertKindSchema = z.enum(ALERT_KINDS);

/** Which threshold each kind takes: minutes the condition has held, a balance floor, or none. */
export const ALERT_THRESHOLD: Record<AlertKind, 'minutes' | 'balance_floor' | 'none'> = {
  device_offline: 'minutes',
  wallet_auto_disabled: 'none',
  withdrawal_uncertain: 'none',
  sending_balance_low: 'balance_floor',
  webhook_failing: 'minutes',
  transfers_waiting: 'minutes',
  method_without_ready_account: 'none',
};

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_MAX_THRESHOLD_MINUTES = 10_080;
export const ALERT_MAX_SNOOZE_MINUTES = 1_440;

/** A balance floor per currency, in major units as text ("500000"); null: no floor for it. */
export const balanceFloorsSchema = z.strictObject({
  IDR: z
    .string()
    .regex(/^\d{1,15}$/, 'Enter a whole amount')
    .nullable(),
  PHP: z
    .string()
    .regex(/^\d{1,15}$/, 'Enter a whole amount')
    .nullable(),
});

export const alertRuleSchema = z.object({
  kind: alertKindSchema,
  enabled: z.boolean(),
  thresholdMinutes: z.number().int().nullable(),
  balanceFloors: balanceFloorsSchema.nullable(),
  updatedAt: isoDateTimeSchema,
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const listAlertRules = { method: 'GET', path: '/alert-rules' } as const;
export const listAlertRulesResponseSchema = z.object({ items: z.array(alertRuleSchema) });

export const updateAlertRule = { method: 'PUT', path: '/alert-rules/:kind' } as const;
export const alertRuleParamsSchema = z.object({ kind: alertKindSchema });
export const updateAlertRuleBodySchema = z.strictObject({
  enabled: z.boolean(),
  thresholdMinutes: z.number().int().min(0).max(ALERT_MAX_THRESHOLD_MINUTES).nullable().optional(),
  balanceFloors: balanceFloorsSchema.nullable().optional(),
});
export type UpdateAlertRuleBody = z.infer<typeof updateAlertRuleBodySchema>;

export const alertSchema = z.object({
  id: idSchema,
  kind: alertKindSchema,
  /** What it is about: a device, wallet account, withdrawal, merchant or payment method. */
  subjectType: z.string(),
  subjectId: z.string(),
  /** A name a person recognises (the phone's name, the account number…). */
  subjectLabel: z.string(),
  status: z.enum(ALERT_STATUSES),
  snoozedUntil: isoDateTimeSchema.nullable(),
  openedAt: isoDateTimeSchema,
  acknowledgedAt: isoDateTimeSchema.nullable(),
  acknowledgedByName: z.string().nullable(),
  resolvedAt: isoDateTimeSchema.nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type Alert = z.infer<typeof alertSchema>;

export const listAlerts = { method: 'GET', path: '/alerts' } as const;
export const listAlertsQuerySchema = z.object({
  /** `active`: open and acknowledged (the default); `resolved`: the last ones that cleared. */
  state: z.enum(['active', 'resolved']).default('active'),
});
export const listAlertsResponseSchema = z.object({
  items: z.array(alertSchema),
  /** Open, not acknowledged and not snoozed: the bell's number. */
  unseenCount: z.number().int(),
});
export type ListAlertsResponse = z.infer<typeof listAlertsResponseSchema>;

export const acknowledgeAlert = { method: 'POST', path: '/alerts/:id/acknowledge' } as const;
export const snoozeAlert = { method: 'POST', path: '/alerts/:id/snooze' } as const;
export const snoozeAlertBodySchema = z.strictObject({
  minutes: z.number().int().min(1).max(ALERT_MAX_SNOOZE_MINUTES),
});
