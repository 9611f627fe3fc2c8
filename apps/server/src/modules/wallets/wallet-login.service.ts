import { randomUUID } from 'node:crypto';
import {
  type CommandResult,
  WALLET_LOGIN_STEP,
  WALLET_OTP_TTL_SECONDS_DEFAULT,
  type WalletLoginFlow,
  type WalletLoginStep,
  walletOtpSentDataSchema,
} from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../crypto/secret-box';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError, notFound } from '../../http/app-error';
import type { AgentLink } from '../agents/agent-link';
import { COMMAND_ACK_TIMEOUT_MS, dispatchCommand } from '../agents/command-dispatch';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { ProxiesRepository } from '../proxies/proxies.repository';
import type { WalletEvents } from './wallet-events';
import type { WalletFailures } from './wallet-failures';
import type { FlowRecord, StepRecord, WalletLoginRepository } from './wallet-login.repository';
import { createLoginAnnouncer } from './wallet-login-announcer';
import { createLoginPayloads, type StepSecrets } from './wallet-login-payloads';
import type { WalletRecord } from './wallet-record';
import type { WalletsRepository } from './wallets.repository';

export type Actor = { userId: string; ip: string };
type StepEnd = { ok: true; data: Record<string, unknown> } | { ok: false; reason: string; message: string | null };
const loginRunning = () =>
  new AppError('WALLET_LOGIN_RUNNING', 'A login is already running on this account; wait for it or cancel it');

/**
 * The wallet login flow (spec §2 steps 0–4), one agent command per step, each with a deadline.
 * Step 3 leaves the flow awaiting the OTP, which the operator types; step 4 sends it. Any failure
 * ends the flow at that step with its reason; a failed (or cancelled) flow can be resumed from that
 * step or any earlier one, or a new one started from 0. One active flow per account, enforced by
 * the database; every transition is guarded, so results, timeouts, disconnects and operators
 * racing on a flow end it once.
 */
export function createWalletLoginService(deps: {
  logins: WalletLoginRepository;
  wallets: WalletsRepository;
  proxies: ProxiesRepository;
  openCredentials: (accountId: string) => Promise<Record<string, string> | null>;
  secretBox: SecretBox;
  link: AgentLink;
  events: WalletEvents;
  failures: WalletFailures;
  audit: AuditRepository;
  deadlineSeconds: number;
  logger: FastifyBaseLogger;
}) {
  const { logins, wallets, logger } = deps;
  const inFlight = new Set<Promise<void>>();
  const { view, announce, answer } = createLoginAnnouncer({ logins, wallets, events: deps.events, logger });
  const { hasAllCredentials, payloadOf } = createLoginPayloads(deps);

  async function getRecord(accountId: string): Promise<WalletRecord> {
    const record = await wallets.findById(accountId);
    if (!record) throw notFound('Wallet account');
    return record;
  }

  function audit(actor: Actor, action: string, record: WalletRecord, details: Record<string, unknown>) {
    return deps.audit.insert({
      actorUserId: actor.userId,
      action,
      targetType: 'wallet_account',
      targetId: record.id,
      subject: `${record.provider}:${record.accountNumber}`,
      ip: actor.ip,
      details,
    });
  }

  /** Runs one step: a step row (its command), then the command in the background. */
  async function runStep(flow: FlowRecord, step: WalletLoginStep, record: WalletRecord, secrets: StepSecrets = {}) {
    const row = await logins.insertStep({
      flowId: flow.id,
      step,
      commandId: randomUUID(),
      deviceId: record.deviceId,
      deadlineAt: new Date(Date.now() + deps.deadlineSeconds * 1000),
    });
    if (!row) {
      logger.error({ flowId: flow.id, step }, 'login step not started: another step of the flow is running');
      return;
    }
    const moved = await logins.transition(flow.id, ['running'], 'running', { currentStep: step });
    if (!moved) {
      // Cancelled (or ended) between the previous step and this one.
      await logins.finishStep({ commandId: row.commandId }, { status: 'failed', reason: 'cancelled', message: null });
      return;
    }
    const job = (async () => {
      const payload = await payloadOf(record, step, secrets);
      if ('error' in payload) {
        await endStep(row.commandId, { ok: false, reason: 'failed', message: payload.error });
        return;
      }
      const outcome = await dispatchCommand(
        deps.link,
        record.deviceId,
        { id: row.commandId, type: 'wallet-login', deadlineAt: row.deadlineAt.toISOString(), payload },
        { ackTimeoutMs: Math.min(COMMAND_ACK_TIMEOUT_MS, deps.deadlineSeconds * 1000), logger },
      );
      if (outcome.kind === 'failed')
        await endStep(row.commandId, { ok: false, reason: outcome.reason, message: outcome.message });
    })()
      .catch((error) => logger.error({ err: error, flowId: flow.id, step }, 'login step dispatch failed'))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  }

  /**
   * Ends a running step by its command (a result, a refusal, no agent) and moves its flow on;
   * false when it had already ended. A result counts only from the phone the step was sent to.
   */
  async function endStep(commandId: string, end: StepEnd, deviceId?: string): Promise<boolean> {
    const ended = await logins.finishStep(
      { commandId, deviceId },
      end.ok
        ? { status: 'done', reason: null, message: null }
        : { status: 'failed', reason: end.reason, message: end.message },
    );
    if (!ended) return false;
    await afterStep(ended, end);
    return true;
  }

  /** The flow's next move after a step ended (the step row is already final). */
  async function afterStep(step: StepRecord, end: StepEnd) {
    const flow = await logins.findFlow(step.flowId);
    if (!flow) return;
    const record = await wallets.findById(flow.accountId);
    if (!record) return;
    if (!end.ok) {
      const failed = await logins.transition(flow.id, ['running'], 'failed', {
        failedStep: step.step,
        reason: end.reason,
        finished: true,
      });
      if (!failed) return;
      await wallets.setLoginStatus(record.id, end.reason === 'session_expired' ? 'session_expired' : 'failed');
      await deps.failures.record(record.id, {
        ok: false,
        source: 'login',
        type: String(step.step),
        reason: end.reason,
      });
      await announce(failed);
      return;
    }
    if (step.step === WALLET_LOGIN_STEP.SendOtp) {
      const sent = walletOtpSentDataSchema.safeParse(end.data);
      const ttlSeconds = (sent.success ? sent.data.otpTtlSeconds : undefined) ?? WALLET_OTP_TTL_SECONDS_DEFAULT;
      const awaiting = await logins.transition(flow.id, ['running'], 'awaiting_otp', {
        currentStep: WALLET_LOGIN_STEP.VerifyOtp,
        otpExpiresAt: new Date(Date.now() + ttlSeconds * 1000),
      });
      if (awaiting) await announce(awaiting);
      return;
    }
    if (step.step === WALLET_LOGIN_STEP.VerifyOtp) {
      const succeeded = await logins.transition(flow.id, ['running'], 'succeeded', { finished: true });
      if (!succeeded) return;
      await wallets.setLoginStatus(record.id, 'logged_in');
      await deps.failures.record(record.id, { ok: true });
      await announce(succeeded);
      return;
    }
    await runStep(flow, (step.step + 1) as WalletLoginStep, record);
    await announce(flow);
  }

  async function activeOrFail(accountId: string): Promise<FlowRecord> {
    const flow = await logins.activeOf(accountId);
    if (!flow) throw new AppError('INVALID_STATE', 'No login is running on this account');
    return flow;
  }

  return {
    async current(accountId: string): Promise<{ flow: WalletLoginFlow | null }> {
      await getRecord(accountId);
      const flow = await logins.latestOf(accountId);
      return { flow: flow ? await view(flow) : null };
    },

    async start(actor: Actor, accountId: string, fromStep: WalletLoginStep): Promise<WalletLoginFlow> {
      const record = await getRecord(accountId);
      if (record.status !== 'active') throw new AppError('WALLET_DISABLED', 'Enable the account before signing in');
      if (!record.deviceIsOnline || record.deviceStatus !== 'active') {
        throw new AppError('DEVICE_OFFLINE', `The phone ${record.deviceName} is offline`);
      }
      if (!record.deviceCapabilities.includes('wallet_login')) {
        throw new AppError(
          'INVALID_STATE',
          'This phone’s agent cannot run wallet logins (it did not declare wallet_login)',
        );
      }
      if (fromStep <= WALLET_LOGIN_STEP.SaveInformation && !(await hasAllCredentials(record))) {
        throw new AppError('CREDENTIALS_MISSING', 'Set the account’s credentials before signing in');
      }
      let flow: FlowRecord | null;
      if (fromStep === WALLET_LOGIN_STEP.ClearInformation) {
        flow = await logins.insertFlow(accountId, actor.userId);
        if (!flow) throw loginRunning();
      } else {
        const latest = await logins.latestOf(accountId);
        const canResume =
          latest &&
          (latest.status === 'failed' || latest.status === 'cancelled') &&
          (latest.failedStep ?? -1) >= fromStep;
        if (!latest || !canResume) {
          if (await logins.activeOf(accountId)) throw loginRunning();
          throw new AppError('INVALID_STATE', `No failed login to resume from step ${fromStep}; start from step 0`);
        }
        const toVerify = fromStep === WALLET_LOGIN_STEP.VerifyOtp;
        try {
          flow = await logins.transition(latest.id, ['failed', 'cancelled'], toVerify ? 'awaiting_otp' : 'running', {
            currentStep: fromStep,
            failedStep: null,
            reason: null,
            otpStillValid: toVerify,
          });
        } catch (error) {
          if (isUniqueViolation(error, 'wallet_login_flows_one_active_key')) throw loginRunning();
          throw error;
        }
        if (!flow && toVerify) {
          throw new AppError('OTP_EXPIRED', 'The code has expired; retry from step 3 (Send OTP) for a new one');
        }
        if (!flow) throw loginRunning();
      }
      await wallets.setLoginStatus(accountId, 'logging_in');
      await audit(actor, AUDIT_ACTIONS.walletLoginStarted, record, { flowId: flow.id, fromStep });
      if (flow.status === 'running') await runStep(flow, fromStep, record);
      return answer(flow);
    },

    /** Step 4 with the code the operator typed; the code is sent to the phone and kept nowhere. */
    async submitOtp(actor: Actor, accountId: string, otp: string): Promise<WalletLoginFlow> {
      const record = await getRecord(accountId);
      const otpExpired = () =>
        new AppError('OTP_EXPIRED', 'The code has expired; retry from step 3 (Send OTP) for a new one');
      const flow = await logins.activeOf(accountId);
      if (!flow) {
        // The deadline sweep expired the code before it came (a moment or an hour before): the
        // same answer as a late code's, which says what to do, not "no login is running".
        const latest = await logins.latestOf(accountId);
        if (latest?.status === 'failed' && latest.reason === 'otp_expired') throw otpExpired();
        throw new AppError('INVALID_STATE', 'No login is running on this account');
      }
      if (flow.status !== 'awaiting_otp') {
        throw new AppError('INVALID_STATE', 'No code is awaited: the login is at another step');
      }
      if (!record.deviceIsOnline) throw new AppError('DEVICE_OFFLINE', `The phone ${record.deviceName} is offline`);
      const verifying = await logins.transition(flow.id, ['awaiting_otp'], 'running', {
        currentStep: WALLET_LOGIN_STEP.VerifyOtp,
        otpStillValid: true,
      });
      if (!verifying) {
        const expired = await logins.transition(flow.id, ['awaiting_otp'], 'failed', {
          failedStep: WALLET_LOGIN_STEP.VerifyOtp,
          reason: 'otp_expired',
          finished: true,
        });
        if (!expired) {
          // The deadline sweep may have expired it a moment before: the same answer, not a puzzle.
          const now = await logins.findFlow(flow.id);
          if (now?.status === 'failed' && now.reason === 'otp_expired') throw otpExpired();
          throw new AppError('INVALID_STATE', 'The login moved on meanwhile; reload it');
        }
        await wallets.setLoginStatus(accountId, 'failed');
        await announce(expired);
        throw otpExpired();
      }
      await audit(actor, AUDIT_ACTIONS.walletLoginOtpSubmitted, record, { flowId: flow.id });
      await runStep(verifying, WALLET_LOGIN_STEP.VerifyOtp, record, { otp });
      return answer(verifying);
    },

    async cancel(actor: Actor, accountId: string): Promise<WalletLoginFlow> {
      const record = await getRecord(accountId);
      const flow = await activeOrFail(accountId);
      const running = await logins.failRunningStepOf(flow.id, 'cancelled');
      const cancelled = await logins.transition(flow.id, ['running', 'awaiting_otp'], 'cancelled', {
        failedStep: running?.step ?? flow.currentStep,
        reason: 'cancelled',
        finished: true,
      });
      if (!cancelled) throw new AppError('INVALID_STATE', 'The login ended meanwhile');
      await wallets.setLoginStatus(accountId, 'logged_out');
      await audit(actor, AUDIT_ACTIONS.walletLoginCancelled, record, { flowId: flow.id, atStep: cancelled.failedStep });
      return answer(cancelled);
    },

    /** An agent's result for one of its login steps; false when it is not one (or no longer running). */
    async complete(deviceId: string, result: CommandResult): Promise<boolean> {
      const end: StepEnd = result.ok
        ? { ok: true, data: result.data ?? {} }
        : { ok: false, reason: result.errorCode ?? 'failed', message: result.error ?? null };
      const ended = await logins.finishStep(
        { commandId: result.commandId, deviceId },
        end.ok
          ? { status: 'done', reason: null, message: null }
          : { status: 'failed', reason: end.reason, message: end.message },
      );
      if (!ended) return false;
      await afterStep(ended, end);
      return true;
    },

    /** Deadline sweep: steps past their deadline time out; OTPs past their validity expire. */
    async sweep() {
      for (const step of await logins.failOverdueSteps()) {
        await afterStep(step, { ok: false, reason: 'timeout', message: null });
      }
      for (const flow of await logins.expiredOtpFlows()) {
        const expired = await logins.transition(flow.id, ['awaiting_otp'], 'failed', {
          failedStep: WALLET_LOGIN_STEP.VerifyOtp,
          reason: 'otp_expired',
          finished: true,
        });
        if (!expired) continue;
        await wallets.setLoginStatus(flow.accountId, 'failed');
        await announce(expired);
      }
    },

    /** The phone went away: its running steps fail, and flows awaiting an OTP there end (retry from step 4). */
    async failAllOfDevice(deviceId: string) {
      for (const step of await logins.failStepsOfDevice(deviceId)) {
        await afterStep(step, { ok: false, reason: 'disconnected', message: null });
      }
      for (const flow of await logins.awaitingFlowsOfDevice(deviceId)) {
        const ended = await logins.transition(flow.id, ['awaiting_otp'], 'failed', {
          failedStep: WALLET_LOGIN_STEP.VerifyOtp,
          reason: 'disconnected',
          finished: true,
        });
        if (!ended) continue;
        await wallets.setLoginStatus(flow.accountId, 'failed');
        await announce(ended);
      }
    },

    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type WalletLoginService = ReturnType<typeof createWalletLoginService>;
