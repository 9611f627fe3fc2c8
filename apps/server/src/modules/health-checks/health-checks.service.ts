import { randomUUID } from 'node:crypto';
import {
  type CommandResult,
  DEVICE_CHECK_TYPES,
  type DeviceCheckType,
  HEALTH_CHECK_STATUS,
  type RunHealthChecksResponse,
  type RunnableDeviceCheck,
} from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import type { AgentLink } from '../agents/agent-link';
import { COMMAND_ACK_TIMEOUT_MS, dispatchCommand } from '../agents/command-dispatch';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { DevicesRepository } from '../devices/devices.repository';
import type { FleetEvents } from '../devices/fleet-events';
import { toHealthCheckItem, toHealthCheckRun } from './health-check-view';
import type { HealthChecksRepository, RunRecord } from './health-checks.repository';

/** Who started a run: an operator (audited) or the schedule. */
export type Initiator = { trigger: 'user'; userId: string; ip: string } | { trigger: 'schedule' };
type Skipped = RunHealthChecksResponse['skipped'][number];

/** "device" is all four device-level checks; "all" is every device-level check the device says it supports. */
export function checkTypesFor(type: RunnableDeviceCheck, capabilities: readonly string[]): DeviceCheckType[] {
  if (type === 'device') return [...DEVICE_CHECK_TYPES];
  if (type === 'all') return DEVICE_CHECK_TYPES.filter((t) => capabilities.includes(t));
  return [type];
}

export function createHealthChecksService(deps: {
  runs: HealthChecksRepository;
  devices: DevicesRepository;
  link: AgentLink;
  events: FleetEvents;
  audit: AuditRepository;
  deadlineSeconds: number;
  logger: FastifyBaseLogger;
}) {
  const { runs, events, logger } = deps;
  const inFlight = new Set<Promise<void>>();

  async function announce(changed: RunRecord[]) {
    if (changed.length === 0) return;
    const latest = await runs.latest([...new Set(changed.map((r) => r.deviceId))]);
    events.healthCheck(changed.map((run) => toHealthCheckItem(run, latest)));
  }

  /** Sends the command; no agent → FAILED offline, refused → FAILED unsupported. Silence is left to the deadline. */
  async function dispatch(run: RunRecord) {
    const outcome = await dispatchCommand(
      deps.link,
      run.deviceId,
      {
        id: run.commandId,
        type: 'health-check',
        deadlineAt: run.deadlineAt.toISOString(),
        payload: { checkType: run.type as DeviceCheckType },
      },
      { ackTimeoutMs: Math.min(COMMAND_ACK_TIMEOUT_MS, deps.deadlineSeconds * 1000), logger },
    );
    if (outcome.kind !== 'failed') return;
    const details =
      outcome.reason === 'unsupported'
        ? { refusal: outcome.message }
        : outcome.message
          ? { error: outcome.message }
          : null;
    const ended = await runs.finish(
      { commandId: run.commandId, scope: 'device' },
      { status: HEALTH_CHECK_STATUS.Failed, reason: outcome.reason, ...(details ? { additionalData: details } : {}) },
    );
    if (ended) await announce([ended]);
  }

  function dispatchInBackground(run: RunRecord) {
    const job = dispatch(run)
      .catch((error) => logger.error({ err: error, runId: run.id }, 'health-check dispatch failed'))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  }

  async function start(initiator: Initiator, deviceIds: string[], type: RunnableDeviceCheck) {
    const started: RunRecord[] = [];
    const skipped: Skipped[] = [];
    const deadlineAt = () => new Date(Date.now() + deps.deadlineSeconds * 1000);
    for (const deviceId of new Set(deviceIds)) {
      const device = await deps.devices.findById(deviceId);
      if (!device) skipped.push({ deviceId, reason: 'not_found' });
      else if (device.status !== 'active') skipped.push({ deviceId, reason: 'disabled' });
      else if (!device.isOnline) skipped.push({ deviceId, reason: 'offline' });
      else {
        const types = checkTypesFor(type, device.capabilities);
        if (types.length === 0) skipped.push({ deviceId, reason: 'unsupported' });
        for (const checkType of types) {
          const run = await runs.insertChecking({
            deviceId,
            type: checkType,
            trigger: initiator.trigger,
            startedByUserId: initiator.trigger === 'user' ? initiator.userId : null,
            commandId: randomUUID(),
            deadlineAt: deadlineAt(),
          });
          if (run) started.push(run);
          else skipped.push({ deviceId, reason: 'already_running' });
        }
      }
    }
    await announce(started);
    if (initiator.trigger === 'user') {
      await deps.audit.insert({
        actorUserId: initiator.userId,
        action: AUDIT_ACTIONS.deviceHealthChecksStarted,
        targetType: 'device',
        targetId: deviceIds.length === 1 ? deviceIds[0] : null,
        ip: initiator.ip,
        details: { type, deviceIds, started: started.map((r) => r.id), skipped },
      });
    }
    for (const run of started) dispatchInBackground(run);
    return { started: started.map(toHealthCheckRun), skipped };
  }

  return {
    start,

    /** An agent's `command:result`: ends its own device's CHECKING run; false if none (late, duplicate, unknown). */
    async complete(deviceId: string, result: CommandResult): Promise<boolean> {
      const ended = await runs.finish(
        { commandId: result.commandId, deviceId, scope: 'device' },
        {
          status: result.ok ? HEALTH_CHECK_STATUS.OK : HEALTH_CHECK_STATUS.Failed,
          reason: result.ok ? null : 'failed',
          data: result.data ?? {},
          additionalData: { ...(result.additionalData ?? {}), ...(result.error ? { error: result.error } : {}) },
        },
      );
      if (!ended) return false;
      await announce([ended]);
      return true;
    },

    /** The device's agent is gone: nothing it was checking can finish. */
    async failAllOf(deviceId: string, reason: 'disconnected') {
      await announce(await runs.failCheckingOf(deviceId, reason, 'device'));
    },

    /** Deadline sweep (a scheduled job: once per interval across instances). */
    async failOverdue() {
      await announce(await runs.failOverdue('device'));
    },

    /** The schedule: "device" checks on every online, active device. */
    async runScheduled() {
      const ids = await deps.devices.onlineActiveIds();
      if (ids.length > 0) await start({ trigger: 'schedule' }, ids, 'device');
    },

    /** The device's runs, newest first (keyset pages). */
    async history(deviceId: string, query: { limit: number; cursor?: string }) {
      const rows = await runs.devicePage(deviceId, query.limit, decodeKeysetCursor(query.cursor));
      // A run goes with its device (the foreign key cascades): only an empty page can be an
      // unknown device's, so only that costs a second round trip.
      if (rows.length === 0 && !(await deps.devices.findById(deviceId))) throw notFound('Device');
      return toPage(rows, query.limit);
    },

    /** Waits for commands being dispatched (shutdown). */
    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type HealthChecksService = ReturnType<typeof createHealthChecksService>;
