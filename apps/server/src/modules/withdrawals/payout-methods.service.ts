import {
  type CreatePayoutMethodBody,
  createPayoutMethodBodySchema,
  holderNameScore,
  holderNamesMatch,
  normalizePayoutAccount,
  OPEN_WITHDRAWAL_STATUSES,
  PAYOUT_METHODS_MAX,
  PAYOUT_PROVIDERS,
  type PayoutMethod,
  payoutNameCheckOf,
} from '@gerbang/contract';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { MerchantsRepository } from '../merchants/merchants.repository';
import type { AccountInquiries } from './account-inquiries';
import type { InquiryRecord } from './account-inquiries.repository';
import type { PayoutMethodRecord, PayoutMethodsRepository } from './payout-methods.repository';
import type { WithdrawalsRepository } from './withdrawals.repository';

export type MerchantActor = { userId: string; ip: string; merchantId: string };

export function toPayoutMethod(row: PayoutMethodRecord, inUse: boolean): PayoutMethod {
  return {
    id: row.id,
    merchantId: row.merchantId,
    provider: row.provider as PayoutMethod['provider'],
    accountNumber: row.accountNumber,
    holderName: row.holderName,
    label: row.label,
    status: row.status,
    verifiedHolderName: row.verifiedHolderName,
    failureReason: row.failureReason as PayoutMethod['failureReason'],
    nameCheck: payoutNameCheckOf(row.nameScore),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    inUse,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A merchant's payout destinations: added (checked against its currency), verified by a phone's
 * account-name inquiry, removed when no open withdrawal goes to them. Every change is audited.
 */
export function createPayoutMethodsService(deps: {
  repo: PayoutMethodsRepository;
  withdrawals: Pick<WithdrawalsRepository, 'openCountOfPayoutMethod'>;
  merchants: Pick<MerchantsRepository, 'findById'>;
  inquiries: () => AccountInquiries;
  audit: AuditRepository;
  onChange(row: PayoutMethodRecord): void;
}) {
  const { repo } = deps;
  const inUse = async (id: string) =>
    (await deps.withdrawals.openCountOfPayoutMethod(id, OPEN_WITHDRAWAL_STATUSES)) > 0;
  const view = async (row: PayoutMethodRecord) => toPayoutMethod(row, await inUse(row.id));

  async function verify(row: PayoutMethodRecord) {
    const merchant = await deps.merchants.findById(row.merchantId);
    if (!merchant) throw notFound('Merchant');
    await deps.inquiries().start(
      { type: 'payout_method', id: row.id },
      {
        provider: row.provider as PayoutMethod['provider'],
        accountNumber: row.accountNumber,
        currency: merchant.currency,
        livemode: merchant.liveMerchantId === null,
        holderName: row.holderName,
      },
    );
  }

  async function find(actor: MerchantActor, id: string) {
    const row = await repo.find(id, actor.merchantId);
    if (!row) throw notFound('Payout method');
    return row;
  }

  return {
    async list(merchantId: string): Promise<PayoutMethod[]> {
      return Promise.all((await repo.list(merchantId)).map(view));
    },

    async create(actor: MerchantActor, input: CreatePayoutMethodBody): Promise<PayoutMethod> {
      const body = createPayoutMethodBodySchema.parse(input);
      const merchant = await deps.merchants.findById(actor.merchantId);
      if (!merchant) throw notFound('Merchant');
      const provider = PAYOUT_PROVIDERS[body.provider];
      if (provider.currency !== merchant.currency) {
        throw invalidFields({
          'body.provider': `${provider.name} pays out in ${provider.currency}, not ${merchant.currency}`,
        });
      }
      const number = normalizePayoutAccount(body.provider, body.accountNumber);
      if (!number.ok) throw invalidFields({ 'body.accountNumber': number.message });
      if ((await repo.count(actor.merchantId)) >= PAYOUT_METHODS_MAX) {
        throw new AppError(
          'CONFLICT',
          `A merchant keeps at most ${PAYOUT_METHODS_MAX} payout methods; remove one first`,
        );
      }
      const row = await repo.insert({
        merchantId: actor.merchantId,
        provider: body.provider,
        accountNumber: number.value,
        holderName: body.holderName,
        label: body.label,
        status: 'verifying',
        createdByUserId: actor.userId,
      });
      if (!row) {
        throw new AppError('CONFLICT', 'This destination is already one of your payout methods', {
          fields: { 'body.accountNumber': 'Already one of your payout methods' },
        });
      }
      await deps.audit.insert({
        actorUserId: actor.userId,
        action: AUDIT_ACTIONS.payoutMethodCreated,
        targetType: 'payout_method',
        targetId: row.id,
        ip: actor.ip,
        details: {
          provider: row.provider,
          accountNumber: row.accountNumber,
          holderName: row.holderName,
          label: row.label,
        },
      });
      await verify(row);
      return view((await repo.find(row.id)) ?? row);
    },

    /** Asks again (a failed verification, or a verified one to refresh the holder's name). */
    async reverify(actor: MerchantActor, id: string): Promise<PayoutMethod> {
      const current = await find(actor, id);
      const row = await repo.setStatus(current.id, ['failed', 'verified'], {
        status: 'verifying',
        failureReason: null,
      });
      if (!row) throw new AppError('INVALID_STATE', 'This payout method is being verified already');
      await deps.audit.insert({
        actorUserId: actor.userId,
        action: AUDIT_ACTIONS.payoutMethodVerifyRequested,
        targetType: 'payout_method',
        targetId: id,
        ip: actor.ip,
      });
      deps.onChange(row);
      await verify(row);
      return view((await repo.find(id)) ?? row);
    },

    async remove(actor: MerchantActor, id: string): Promise<void> {
      const row = await find(actor, id);
      if (await inUse(row.id)) {
        throw new AppError(
          'PAYOUT_METHOD_IN_USE',
          'An open withdrawal goes to this payout method; it can be removed when that ends',
        );
      }
      if (!(await repo.remove(row.id))) throw notFound('Payout method');
      await deps.audit.insert({
        actorUserId: actor.userId,
        action: AUDIT_ACTIONS.payoutMethodRemoved,
        targetType: 'payout_method',
        targetId: id,
        ip: actor.ip,
        details: { provider: row.provider, accountNumber: row.accountNumber },
      });
    },

    /**
     * An inquiry about one of them ended: verified with the provider's name (scored against the
     * typed one; a settlement to it is approved by an operator who sees both), or failed with why,
     * which includes a name that does not match when the merchant's policy is `refuse`.
     */
    async inquiryFinished(inquiry: InquiryRecord): Promise<void> {
      const method = await repo.find(inquiry.subjectId);
      if (!method) return;
      const named = inquiry.status === 'ok';
      const holderName = inquiry.holderName ?? '';
      const nameScore = named ? holderNameScore(method.holderName, holderName) : null;
      const refused =
        nameScore !== null &&
        !holderNamesMatch(nameScore) &&
        (await deps.merchants.findById(method.merchantId))?.payoutNamePolicy === 'refuse';
      const ok = named && !refused;
      const row = await repo.setStatus(
        inquiry.subjectId,
        ['verifying'],
        ok
          ? {
              status: 'verified',
              verifiedHolderName: holderName,
              nameScore,
              verifiedAt: new Date(),
              failureReason: null,
            }
          : {
              status: 'failed',
              verifiedHolderName: named ? holderName : null,
              nameScore,
              failureReason: refused ? 'name_mismatch' : inquiry.failureReason,
            },
      );
      if (!row) return;
      await deps.audit.insert({
        actorUserId: null,
        action: ok ? AUDIT_ACTIONS.payoutMethodVerified : AUDIT_ACTIONS.payoutMethodVerificationFailed,
        targetType: 'payout_method',
        targetId: row.id,
        details: named
          ? {
              holderName,
              nameScore,
              walletAccountId: inquiry.walletAccountId,
              ...(refused && { reason: 'name_mismatch' }),
            }
          : { reason: inquiry.failureReason, message: inquiry.message, walletAccountId: inquiry.walletAccountId },
      });
      deps.onChange(row);
    },
  };
}
export type PayoutMethodsService = ReturnType<typeof createPayoutMethodsService>;
