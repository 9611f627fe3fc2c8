import {
  type CreateRefundBody,
  type CreateWithdrawalRequestBody,
  formatAmount,
  type MerchantTeamRole,
  parseAmount,
  type TeamApproval,
} from '@gerbang/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { merchants, paymentSessions, teamApprovals, users } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import { type AuditRepository, createAuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { RefundsService } from '../refunds/refunds.service';
import type { WithdrawalsRepository } from '../withdrawals/withdrawals.repository';
import { settlementReference, type WithdrawalsService } from '../withdrawals/withdrawals.service';
import type { TeamApprovalMail } from './team-approval-mail';

/** A merchant user asking or deciding, with its team role. */
export type TeamApprovalActor = { userId: string; merchantId: string; teamRole: MerchantTeamRole | null; ip: string };

type ApprovalRow = typeof teamApprovals.$inferSelect;
type Ask = {
  kind: ApprovalRow['kind'];
  /** The member's key for the request: the same again is the same request. */
  requestKey: string | null;
  amountMinor: bigint;
  payoutMethodId?: string;
  paymentSessionId?: string;
  note: string;
};

/**
 * Owner approval of money out (contract merchant-team/team-approvals.ts): a settlement or a
 * console refund another member asks for above the team's amount is kept as a request; an owner
 * approves it (it is then made as the member asked, keyed by the request's id so it is made once)
 * or rejects it with a reason. The decision is taken first, by one guarded update: an approval and a
 * rejection racing cannot both win; a request whose making fails (the balance no longer covers it)
 * goes back to waiting.
 */
export function createTeamApprovals(deps: {
  db: Database;
  audit: Pick<AuditRepository, 'insert'>;
  withdrawals: () => {
    service: WithdrawalsService;
    refunds: RefundsService;
    repo: Pick<WithdrawalsRepository, 'findByReference'>;
  };
  /** Owners are told of a waiting request, the member of the decision. */
  mail: Pick<TeamApprovalMail, 'requested' | 'decided'>;
}) {
  const { db } = deps;

  const requesterColumns = { id: users.id, name: users.name, email: users.email };
  type Requester = { id: string; name: string; email: string };

  /** One request with its member, read for it. */
  async function toApproval(row: ApprovalRow): Promise<TeamApproval> {
    const [requester] = await db.select(requesterColumns).from(users).where(eq(users.id, row.requestedByUserId));
    return shape(row, requester ?? null);
  }

  function shape(row: ApprovalRow, requester: Requester | null): TeamApproval {
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      currency: row.currency,
      amount: formatAmount(row.amountMinor, row.currency),
      payoutMethodId: row.payoutMethodId,
      paymentSessionId: row.paymentSessionId,
      note: row.note,
      requestedBy: requester ?? { id: row.requestedByUserId, name: '', email: '' },
      decidedByUserId: row.decidedByUserId,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      reason: row.reason,
      withdrawalId: row.withdrawalId,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The merchant's approval amount and currency, when the actor's asks wait for an owner. */
  async function thresholdFor(actor: TeamApprovalActor) {
    if (actor.teamRole === 'owner') return null;
    const [merchant] = await db
      .select({ above: merchants.teamApprovalAboveMinor, currency: merchants.currency })
      .from(merchants)
      .where(eq(merchants.id, actor.merchantId));
    return merchant && merchant.above !== null ? { above: merchant.above, currency: merchant.currency } : null;
  }

  async function keep(actor: TeamApprovalActor, currency: ApprovalRow['currency'], ask: Ask): Promise<TeamApproval> {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(teamApprovals)
        .values({
          requestKey: ask.requestKey,
          merchantId: actor.merchantId,
          kind: ask.kind,
          currency,
          amountMinor: ask.amountMinor,
          payoutMethodId: ask.payoutMethodId ?? null,
          paymentSessionId: ask.paymentSessionId ?? null,
          note: ask.note,
          requestedByUserId: actor.userId,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) return null;
      const approval = created;
      await createAuditRepository(tx).insert({
        actorUserId: actor.userId,
        action: AUDIT_ACTIONS.teamApprovalRequested,
        targetType: 'team_approval',
        targetId: approval.id,
        ip: actor.ip,
        details: { kind: ask.kind, amount: formatAmount(ask.amountMinor, currency) },
      });
      return approval;
    });
    if (!row) {
      // Asked again with the same key (a double submit, a retry): the request kept the first time.
      const [first] = await db
        .select()
        .from(teamApprovals)
        .where(and(eq(teamApprovals.merchantId, actor.merchantId), eq(teamApprovals.requestKey, ask.requestKey ?? '')));
      if (!first) throw new AppError('CONFLICT', 'This request is being kept; try again');
      return toApproval(first);
    }
    const approval = await toApproval(row);
    await deps.mail.requested(actor.merchantId, approval);
    return approval;
  }

  async function find(merchantId: string, id: string): Promise<ApprovalRow> {
    const [row] = await db
      .select()
      .from(teamApprovals)
      .where(and(eq(teamApprovals.id, id), eq(teamApprovals.merchantId, merchantId)));
    if (!row) throw notFound('Approval request');
    return row;
  }

  /** pending → `status` by one guarded update; null when it was decided already. */
  async function decide(
    executor: Database,
    owner: TeamApprovalActor,
    id: string,
    status: 'approved' | 'rejected',
    reason?: string,
  ) {
    const [row] = await executor
      .update(teamApprovals)
      .set({
        status,
        decidedByUserId: owner.userId,
        decidedAt: sql`now()`,
        decidedIp: owner.ip,
        reason: reason ?? null,
      })
      .where(
        and(
          eq(teamApprovals.id, id),
          eq(teamApprovals.merchantId, owner.merchantId),
          eq(teamApprovals.status, 'pending'),
        ),
      )
      .returning();
    return row ?? null;
  }

  async function alreadyDecided(owner: TeamApprovalActor, id: string): Promise<never> {
    const row = await find(owner.merchantId, id);
    throw new AppError('INVALID_STATE', `This request was ${row.status} already`);
  }

  /** The reference what the request makes gets: derived from the request, so it is made at most once. */
  async function referenceOf(row: ApprovalRow): Promise<string> {
    if (row.kind === 'settlement') return settlementReference(row.id);
    const [session] = await db
      .select({ reference: paymentSessions.referenceNumber })
      .from(paymentSessions)
      .where(eq(paymentSessions.id, row.paymentSessionId as string));
    return `${session?.reference ?? 'REFUND'}#A${row.id.slice(0, 8).toUpperCase()}`;
  }

  /** The withdrawal the request made already, if any (a decision whose making was cut short). */
  async function madeAlready(row: ApprovalRow): Promise<string | null> {
    const made = await deps.withdrawals().repo.findByReference(row.merchantId, await referenceOf(row));
    return made?.id ?? null;
  }

  /** Makes what was asked, as the member asked it, under the request's own reference (made once). */
  async function make(row: ApprovalRow, owner: TeamApprovalActor): Promise<string> {
    const { service, refunds } = deps.withdrawals();
    const member = { userId: row.requestedByUserId, merchantId: row.merchantId, ip: owner.ip };
    const amount = formatAmount(row.amountMinor, row.currency);
    if (row.kind === 'settlement') {
      const made = await service.request(member, {
        payoutMethodId: row.payoutMethodId as string,
        amount,
        note: row.note,
        requestId: row.id,
      });
      return made.body.id;
    }
    const made = await refunds.create(
      { merchantId: row.merchantId, caller: 'console', user: { id: row.requestedByUserId, ip: owner.ip } },
      row.paymentSessionId as string,
      row.id,
      { amount, reason: row.note },
      { referenceNumber: await referenceOf(row) },
    );
    return made.body.id;
  }

  return {
    /** A settlement above the amount, asked by a member other than an owner: kept (null: make it now). */
    async gateSettlement(actor: TeamApprovalActor, body: CreateWithdrawalRequestBody): Promise<TeamApproval | null> {
      const threshold = await thresholdFor(actor);
      if (!threshold) return null;
      const amount = parseAmount(body.amount, threshold.currency);
      if (!amount.ok || amount.minor <= threshold.above) return null;
      return keep(actor, threshold.currency, {
        kind: 'settlement',
        requestKey: body.requestId ?? null,
        amountMinor: amount.minor,
        payoutMethodId: body.payoutMethodId,
        note: body.note ?? '',
      });
    },

    /** A console refund above the amount (no amount: what is left of the session), as for settlements. */
    async gateRefund(
      actor: TeamApprovalActor,
      sessionId: string,
      idempotencyKey: string,
      body: CreateRefundBody,
    ): Promise<TeamApproval | null> {
      const threshold = await thresholdFor(actor);
      if (!threshold) return null;
      const [session] = await db
        .select()
        .from(paymentSessions)
        .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.merchantId, actor.merchantId)));
      if (!session || session.receivedAmountMinor === null) return null;
      let amountMinor = session.receivedAmountMinor - session.refundedMinor;
      if (body.amount !== undefined) {
        const amount = parseAmount(body.amount, session.currency);
        if (!amount.ok) throw invalidFields({ 'body.amount': amount.message });
        amountMinor = amount.minor;
      }
      if (amountMinor <= threshold.above) return null;
      return keep(actor, threshold.currency, {
        kind: 'refund',
        requestKey: `refund:${idempotencyKey}`,
        amountMinor,
        paymentSessionId: session.id,
        note: body.reason ?? '',
      });
    },

    /** Waiting requests first, then the latest decided (the last 100 in all). */
    /** The merchant's requests; a member's own when `requestedByUserId` is given. */
    async list(merchantId: string, requestedByUserId?: string): Promise<TeamApproval[]> {
      // The members in the same read: not one query per request.
      const rows = await db
        .select({ approval: teamApprovals, requester: requesterColumns })
        .from(teamApprovals)
        .leftJoin(users, eq(users.id, teamApprovals.requestedByUserId))
        .where(
          and(
            eq(teamApprovals.merchantId, merchantId),
            requestedByUserId ? eq(teamApprovals.requestedByUserId, requestedByUserId) : undefined,
          ),
        )
        .orderBy(sql`${teamApprovals.status} = 'pending' desc`, desc(teamApprovals.createdAt))
        .limit(100);
      return rows.map((row) => shape(row.approval, row.requester));
    },

    async approve(owner: TeamApprovalActor, id: string, options: { resuming?: boolean } = {}): Promise<TeamApproval> {
      // Approved before but never made (the instance died between the two): made now, by its key once.
      let claimed = await decide(db, owner, id, 'approved');
      // Who decided now, or the sweep finishing a decision long past, puts it back when making fails.
      const decidedNow = claimed !== null || options.resuming === true;
      if (!claimed) {
        const row = await find(owner.merchantId, id);
        if (row.status !== 'approved' || row.withdrawalId !== null) await alreadyDecided(owner, id);
        claimed = row;
      }
      let withdrawalId = await madeAlready(claimed);
      if (!withdrawalId) {
        try {
          withdrawalId = await make(claimed, owner);
        } catch (error) {
          // Made, and something after it failed (the refund's inquiry): it stays made.
          withdrawalId = await madeAlready(claimed);
          if (!withdrawalId) {
            // Not made (the balance no longer covers it, the session was refunded meanwhile): it
            // waits again, unless this call only retried another's decision, which may still be
            // making it, or another call holds its key this moment (409: it is being made).
            const beingMade = error instanceof AppError && error.code === 'CONFLICT';
            if (decidedNow && !beingMade)
              await db
                .update(teamApprovals)
                .set({ status: 'pending', decidedByUserId: null, decidedAt: null })
                .where(
                  and(
                    eq(teamApprovals.id, id),
                    eq(teamApprovals.status, 'approved'),
                    isNull(teamApprovals.withdrawalId),
                  ),
                );
            throw error;
          }
        }
      }
      // Recorded (and audited) once, whichever call made it first; made means approved, whatever a
      // racing call that failed wrote meanwhile.
      const [recorded] = await db
        .update(teamApprovals)
        .set({
          withdrawalId,
          status: 'approved',
          decidedByUserId: sql`coalesce(${teamApprovals.decidedByUserId}, ${owner.userId}::uuid)`,
          decidedAt: sql`coalesce(${teamApprovals.decidedAt}, now())`,
        })
        .where(and(eq(teamApprovals.id, id), isNull(teamApprovals.withdrawalId)))
        .returning();
      if (!recorded) return toApproval(await find(owner.merchantId, id));
      const approved = await toApproval(recorded);
      await deps.mail.decided(approved);
      await deps.audit.insert({
        actorUserId: owner.userId,
        action: AUDIT_ACTIONS.teamApprovalApproved,
        targetType: 'team_approval',
        targetId: id,
        ip: owner.ip,
        details: { kind: claimed.kind, withdrawalId },
      });
      return approved;
    },

    async reject(owner: TeamApprovalActor, id: string, reason: string): Promise<TeamApproval> {
      const row = await db.transaction(async (tx) => {
        const rejected = await decide(tx, owner, id, 'rejected', reason);
        if (!rejected) return null;
        await createAuditRepository(tx).insert({
          actorUserId: owner.userId,
          action: AUDIT_ACTIONS.teamApprovalRejected,
          targetType: 'team_approval',
          targetId: id,
          ip: owner.ip,
          details: { kind: rejected.kind, reason },
        });
        return rejected;
      });
      const rejected = await toApproval(row ?? (await alreadyDecided(owner, id)));
      await deps.mail.decided(rejected);
      return rejected;
    },
  };
}
export type TeamApprovals = ReturnType<typeof createTeamApprovals>;
