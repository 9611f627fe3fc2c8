import type { TeamApproval } from '@gerbang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { Mailer } from '../mail/mailer';
import { merchantOwnerEmails } from './merchant-owners';

const WHAT = { settlement: 'withdrawal', refund: 'refund' } as const;

/**
 * Tells the people an approval request concerns, by mail: every active owner of the merchant when a
 * member's request waits for them (with the Team page's address), and the member when an owner
 * decides. A mail that fails is logged, not thrown: the request and the decision stand.
 */
export function createTeamApprovalMail(deps: {
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  merchantConsoleUrl: string;
}) {
  const send = (to: string, subject: string, text: string) =>
    deps.mailer
      .send({ to, subject: `[Gerbang] ${subject}`, text })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'team approval mail failed'));
  const amountOf = (approval: TeamApproval) => `${approval.currency} ${approval.amount}`;

  return {
    async requested(merchantId: string, approval: TeamApproval): Promise<void> {
      const owners = await merchantOwnerEmails(deps.db, merchantId);
      const what = WHAT[approval.kind];
      const text = [
        `${approval.requestedBy.name} asked for a ${what} of ${amountOf(approval)}, above your team's approval amount.`,
        approval.note ? `Note: ${approval.note}` : null,
        '',
        `Approve or reject it in the merchant console: ${deps.merchantConsoleUrl.replace(/\/$/, '')}/team`,
      ]
        .filter((line) => line !== null)
        .join('\n');
      await Promise.all(owners.map((email) => send(email, `A ${what} waits for your approval`, text)));
    },

    async decided(approval: TeamApproval): Promise<void> {
      const what = WHAT[approval.kind];
      const verdict = approval.status === 'approved' ? 'approved' : 'rejected';
      const text = [
        `An owner ${verdict} your ${what} of ${amountOf(approval)}.`,
        approval.reason ? `Reason: ${approval.reason}` : null,
      ]
        .filter((line) => line !== null)
        .join('\n');
      await send(approval.requestedBy.email, `Your ${what} was ${verdict}`, text);
    },
  };
}
export type TeamApprovalMail = ReturnType<typeof createTeamApprovalMail>;
