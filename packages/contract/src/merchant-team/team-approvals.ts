import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';
import { amountSchema } from '../money/amount';
import { currencySchema } from '../money/currency';

/**
 * Owner approval of money out (merchant console → Team → Approvals): when the team's policy names an
 * amount (`approvalAbove`), a settlement or a refund a member other than an owner asks for above it
 * is not made: it is kept as a request (answered 202 with it) until an owner approves it, which makes
 * it then as the member asked (once, whoever approves twice), or rejects it with a reason. Nothing
 * is held while it waits; the balance is checked when it is made.
 */
export const TEAM_APPROVAL_KINDS = ['settlement', 'refund'] as const;
export const TEAM_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const teamApprovalSchema = z.object({
  id: idSchema,
  kind: z.enum(TEAM_APPROVAL_KINDS),
  status: z.enum(TEAM_APPROVAL_STATUSES),
  currency: currencySchema,
  /** What the member asked for (a refund with no amount: what was left of the session then). */
  amount: amountSchema,
  /** A settlement's payout method. */
  payoutMethodId: idSchema.nullable(),
  /** A refund's payment session. */
  paymentSessionId: idSchema.nullable(),
  /** The settlement's note or the refund's reason. */
  note: z.string(),
  requestedBy: z.object({ id: idSchema, name: z.string(), email: z.string() }),
  decidedByUserId: idSchema.nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** The withdrawal (settlement or refund) approving made. */
  withdrawalId: idSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type TeamApproval = z.infer<typeof teamApprovalSchema>;

/** The merchant's requests, waiting ones first, then the latest decided. */
export const listTeamApprovals = { method: 'GET', path: '/team/approvals' } as const;
export const listTeamApprovalsResponseSchema = z.object({ items: z.array(teamApprovalSchema) });
/** A member's own requests (who may ask for money out: owner and finance), in the same order. */
export const listMyTeamApprovals = { method: 'GET', path: '/team/approvals/mine' } as const;
export const approveTeamApproval = { method: 'POST', path: '/team/approvals/:id/approve' } as const;
export const rejectTeamApproval = { method: 'POST', path: '/team/approvals/:id/reject' } as const;
export const rejectTeamApprovalBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'This field is required').max(500),
});
