import {
  ALERT_THRESHOLD,
  type Alert,
  type AlertKind,
  type AlertRule,
  type ListAlertsResponse,
  type UpdateAlertRuleBody,
} from '@gerbang/contract';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { AlertEvaluation } from './alert-evaluation';
import type { AlertChange, AlertNotifier } from './alert-notifier';
import { effectiveRules } from './alert-rules';
import type { AlertRecord, AlertsRepository } from './alerts.repository';

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function toAlert(row: Omit<AlertRecord, 'acknowledgedByName'> & { acknowledgedByName?: string | null }): Alert {
  return {
    id: row.id,
    kind: row.kind as AlertKind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subjectLabel: row.subjectLabel,
    status: row.status,
    snoozedUntil: iso(row.snoozedUntil),
    openedAt: row.openedAt.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    acknowledgedByName: row.acknowledgedByName ?? null,
    resolvedAt: iso(row.resolvedAt),
    details: row.details,
  };
}

type Actor = { userId: string; ip: string };

/** Evaluating the rules (once across instances), the alerts operators see, and the rules they set. */
export function createAlertsService(deps: {
  repo: AlertsRepository;
  evaluation: AlertEvaluation;
  notifier: AlertNotifier;
  audit: Pick<AuditRepository, 'insert'>;
  /** Consoles refetch the bell and the page. */
  onChanged: () => void;
}) {
  const { repo } = deps;

  async function rules(): Promise<AlertRule[]> {
    return effectiveRules(await repo.listRules());
  }

  return {
    rules,

    /**
     * One pass over every rule: opens an alert for each subject that now holds and has none, and
     * resolves those whose subject cleared. Only what this pass changed is notified, so two
     * instances evaluating at once never tell anyone twice.
     */
    async evaluate(): Promise<AlertChange[]> {
      const changes: AlertChange[] = [];
      for (const rule of await rules()) {
        const holding = await deps.evaluation.holdingFor(rule);
        const opened = await repo.openMissing(rule.kind, holding);
        const resolved = await repo.resolveCleared(
          rule.kind,
          holding.map((s) => s.subjectId),
        );
        for (const row of opened) changes.push({ change: 'opened', alert: toAlert(row) });
        for (const row of resolved) changes.push({ change: 'resolved', alert: toAlert(row) });
      }
      if (changes.length > 0) {
        deps.onChanged();
        await deps.notifier.notify(changes);
      }
      return changes;
    },

    async list(state: 'active' | 'resolved'): Promise<ListAlertsResponse> {
      const rows = state === 'active' ? await repo.listActive() : await repo.listResolved();
      const active = state === 'active' ? rows : await repo.listActive();
      const now = Date.now();
      const unseenCount = active.filter(
        (row) => row.status === 'open' && (!row.snoozedUntil || row.snoozedUntil.getTime() <= now),
      ).length;
      return { items: rows.map(toAlert), unseenCount };
    },

    async acknowledge(actor: Actor, id: string): Promise<Alert> {
      if (!(await repo.find(id))) throw notFound('Alert');
      if (!(await repo.acknowledge(id, actor.userId)))
        throw new AppError('INVALID_STATE', 'Only an open alert can be acknowledged');
      await deps.audit.insert({
        actorUserId: actor.userId,
        action: AUDIT_ACTIONS.alertAcknowledged,
        targetType: 'alert',
        targetId: id,
        ip: actor.ip,
      });
      deps.onChanged();
      return toAlert((await repo.find(id)) as AlertRecord);
    },

    async snooze(actor: Actor, id: string, minutes: number): Promise<Alert> {
      if (!(await repo.find(id))) throw notFound('Alert');
      if (!(await repo.snooze(id, minutes))) throw new AppError('INVALID_STATE', 'A resolved alert cannot be snoozed');
      await deps.audit.insert({
        actorUserId: actor.userId,
        action: AUDIT_ACTIONS.alertSnoozed,
        targetType: 'alert',
        targetId: id,
        ip: actor.ip,
        details: { minutes },
      });
      deps.onChanged();
      return toAlert((await repo.find(id)) as AlertRecord);
    },

    async updateRule(actor: Actor, kind: AlertKind, body: UpdateAlertRuleBody): Promise<AlertRule> {
      const before = (await rules()).find((rule) => rule.kind === kind) as AlertRule;
      const threshold = ALERT_THRESHOLD[kind];
      if (threshold === 'minutes' && body.thresholdMinutes == null && before.thresholdMinutes == null)
        throw invalidFields({ 'body.thresholdMinutes': 'This rule needs a number of minutes' });
      await repo.saveRule({
        kind,
        enabled: body.enabled,
        thresholdMinutes: threshold === 'minutes' ? (body.thresholdMinutes ?? before.thresholdMinutes) : null,
        balanceFloors: threshold === 'balance_floor' ? (body.balanceFloors ?? before.balanceFloors) : null,
        updatedBy: actor.userId,
      });
      const after = (await rules()).find((rule) => rule.kind === kind) as AlertRule;
      await deps.audit.insert({
        actorUserId: actor.userId,
        action: AUDIT_ACTIONS.alertRuleChanged,
        targetType: 'alert_rule',
        targetId: kind,
        ip: actor.ip,
        details: { before, after },
      });
      return after;
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
