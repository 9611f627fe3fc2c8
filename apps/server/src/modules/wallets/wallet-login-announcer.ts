import {
  WALLET_LOGIN_STEP,
  WALLET_LOGIN_STEPS,
  type WalletLoginFailureReason,
  type WalletLoginFlow,
  type WalletLoginStep,
} from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WalletEvents } from './wallet-events';
import type { FlowRecord, WalletLoginRepository } from './wallet-login.repository';
import type { WalletsRepository } from './wallets.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** How a login flow is shown (the API's answer, the consoles' event), and announced as it changes. */
export function createLoginAnnouncer(deps: {
  logins: Pick<WalletLoginRepository, 'stepsOf' | 'starterName' | 'findFlow'>;
  wallets: Pick<WalletsRepository, 'findById'>;
  events: WalletEvents;
  logger: FastifyBaseLogger;
}) {
  const { logins, wallets, events, logger } = deps;

  /**
   * Steps up to where the flow is (running: its current step; ended: where it failed) show their
   * latest attempt; later ones are pending, even if an earlier round of this flow reached them.
   */
  async function view(flow: FlowRecord): Promise<WalletLoginFlow> {
    const [steps, startedByName] = await Promise.all([
      logins.stepsOf(flow.id),
      logins.starterName(flow.startedByUserId),
    ]);
    const isActive = flow.status === 'running' || flow.status === 'awaiting_otp';
    const reached = isActive
      ? flow.status === 'awaiting_otp'
        ? WALLET_LOGIN_STEP.SendOtp
        : flow.currentStep
      : (flow.failedStep ?? WALLET_LOGIN_STEP.VerifyOtp);
    return {
      id: flow.id,
      accountId: flow.accountId,
      status: flow.status,
      currentStep: flow.currentStep as WalletLoginStep,
      failedStep: flow.failedStep as WalletLoginStep | null,
      reason: flow.reason as WalletLoginFailureReason | null,
      startedByUserId: flow.startedByUserId,
      startedByName,
      startedAt: flow.startedAt.toISOString(),
      finishedAt: iso(flow.finishedAt),
      otpExpiresAt: flow.status === 'awaiting_otp' ? iso(flow.otpExpiresAt) : null,
      steps: WALLET_LOGIN_STEPS.map((step) => {
        const latest = step <= reached ? steps.filter((s) => s.step === step).at(-1) : undefined;
        if (!latest) return { step, status: 'pending', startedAt: null, finishedAt: null, reason: null, message: null };
        return {
          step,
          status: latest.status,
          startedAt: latest.startedAt.toISOString(),
          finishedAt: iso(latest.finishedAt),
          reason: latest.reason as WalletLoginFailureReason | null,
          message: latest.message,
        };
      }),
    };
  }

  const announcing = new Map<string, Promise<WalletLoginFlow | null>>();

  /**
   * Tells the consoles (Maya: maya-login-status-update, others: wallet-login-status-update) the
   * flow's state as it is when the event goes out. Announcements of one flow go out one after
   * another, each reading the state afresh, so the last one sent is never older than the last
   * change (a result may land while an operator's request is still announcing).
   */
  function announce(flow: FlowRecord): Promise<WalletLoginFlow | null> {
    const previous = announcing.get(flow.id) ?? Promise.resolve(null);
    const next = previous.then(async () => {
      const [current, record] = await Promise.all([logins.findFlow(flow.id), wallets.findById(flow.accountId)]);
      if (!current || !record) return null;
      const flowView = await view(current);
      events.loginStatus({
        accountId: record.id,
        provider: record.provider,
        loginStatus: record.loginStatus,
        flow: flowView,
      });
      events.changed([record.id]);
      return flowView;
    });
    const settled = next.catch((error) => {
      logger.error({ err: error, flowId: flow.id }, 'login status announcement failed');
      return null;
    });
    announcing.set(flow.id, settled);
    void settled.finally(() => {
      if (announcing.get(flow.id) === settled) announcing.delete(flow.id);
    });
    return next;
  }

  /** An operator's answer: the flow as announced, or (if it vanished meanwhile) as it was. */
  async function answer(flow: FlowRecord): Promise<WalletLoginFlow> {
    return (await announce(flow)) ?? view(flow);
  }

  return { view, announce, answer };
}
