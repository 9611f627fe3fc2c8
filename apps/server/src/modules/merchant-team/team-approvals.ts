import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { requestLiveMerchantId, requireAuth } from '../../http/authenticate';
import { withdrawalsOf } from '../withdrawals/withdrawals';
import { createTeamApprovalMail } from './team-approval-mail';
import { createTeamApprovals, type TeamApprovalActor, type TeamApprovals } from './team-approvals.service';
import { resumeApproved } from './team-approvals-resume';

const all = new WeakMap<AppContext, TeamApprovals>();

/** The app's owner approvals, built once: the money-out routes gate through them, the team's routes decide. */
export function teamApprovalsOf(ctx: AppContext): TeamApprovals {
  let approvals = all.get(ctx);
  if (!approvals) {
    approvals = createTeamApprovals({
      db: ctx.db,
      audit: ctx.audit,
      withdrawals: () => withdrawalsOf(ctx),
      mail: createTeamApprovalMail({
        db: ctx.db,
        mailer: ctx.mailer,
        logger: ctx.logger,
        merchantConsoleUrl: ctx.config.MERCHANT_CONSOLE_URL,
      }),
    });
    all.set(ctx, approvals);
  }
  return approvals;
}

/** An owner's approval whose making never finished is made this long after the decision, at the latest a minute later. */
const RESUME_GRACE_SECONDS = 120;
const RESUME_EVERY_MS = 60_000;

/** The approvals' background work: approved requests left unmade by an instance that died are made. */
export function registerTeamApprovalsWork(ctx: AppContext): void {
  const approvals = teamApprovalsOf(ctx);
  ctx.scheduler.every('team-approvals.resume', RESUME_EVERY_MS, async () => {
    await resumeApproved({ db: ctx.db, approvals, logger: ctx.logger }, RESUME_GRACE_SECONDS);
  });
}

/** The signed-in merchant user as the approvals see it: its merchant and team role. */
export function teamApprovalActorOf(request: FastifyRequest): TeamApprovalActor {
  const auth = requireAuth(request);
  return {
    userId: auth.userId,
    merchantId: requestLiveMerchantId(request),
    teamRole: auth.user.merchantRole ?? null,
    ip: request.ip,
  };
}
