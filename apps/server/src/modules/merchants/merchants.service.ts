import { randomBytes } from 'node:crypto';
import {
  type CreateMerchantBody,
  type ListMerchantsQuery,
  type ListMerchantsResponse,
  type Merchant,
  type MerchantStatus,
  type MerchantTerms,
  type MerchantWithSecret,
  merchantTermsProblems,
  PAYOUT_NAME_POLICY_DEFAULT,
  percentToBasisPoints,
  type RotatedWebhookSecret,
  type RotateWebhookEndpointSecretBody,
  toMinorUnits,
  type UpdateMerchantBody,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type WebhookEndpoint,
} from '@gerbang/contract';
import type { SecretBox } from '../../crypto/secret-box';
import { AppError, type FieldErrors, invalidFields, notFound } from '../../http/app-error';
import { decodeSortedKeysetCursor, toSortedPage } from '../../http/keyset-cursor';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { callbackUrlProblem } from '../webhooks/webhook-destination';
import { toMerchantResponse } from './merchant-response';
import {
  MERCHANT_LIST_SORT,
  type MerchantChanges,
  type MerchantRecord,
  type MerchantsRepository,
} from './merchants.repository';

export type Actor = { userId: string; ip: string };

/** Associated data of the sealed secret: it opens only as a merchant's webhook secret. */
export const WEBHOOK_SECRET_CONTEXT = 'merchant.webhook_secret';

/** `whsec_` and 32 random bytes: what the merchant's receiver verifies signatures with. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const codeTaken = () =>
  new AppError('CONFLICT', 'A merchant with this code already exists', {
    fields: { 'body.code': 'A merchant with this code already exists' },
  });

/** The currency rules, reported on the fields they concern. */
function checkTerms(currency: MerchantRecord['currency'], terms: MerchantTerms): void {
  const problems = merchantTermsProblems(currency, terms);
  const fields: FieldErrors = {};
  for (const [field, message] of Object.entries(problems)) fields[`body.${field}`] = message;
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

export function createMerchantsService(deps: {
  repo: MerchantsRepository;
  audit: AuditRepository;
  secretBox: SecretBox;
  /** Whether a callback URL may name a loopback or private address (WEBHOOK_ALLOW_PRIVATE_NETWORKS). */
  allowPrivateCallbacks: boolean;
}) {
  const { repo, audit, secretBox } = deps;

  function endpointOf(merchant: MerchantRecord): WebhookEndpoint {
    const expires = merchant.previousWebhookSecretExpiresAt;
    return {
      callbackUrl: merchant.callbackUrl,
      failingSince: merchant.webhookFailingSince?.toISOString() ?? null,
      disabledAt: merchant.webhooksDisabledAt?.toISOString() ?? null,
      previousSecretExpiresAt: expires && expires > new Date() ? expires.toISOString() : null,
    };
  }

  /** A callback URL webhooks may not reach is refused when set (and each delivery checks again). */
  async function checkCallbackUrl(url: string | null | undefined): Promise<void> {
    if (!url) return;
    const problem = await callbackUrlProblem(url, deps.allowPrivateCallbacks);
    if (problem) throw invalidFields({ 'body.callbackUrl': problem });
  }

  async function getRecord(id: string): Promise<MerchantRecord> {
    const merchant = await repo.findById(id);
    if (!merchant) throw notFound('Merchant');
    return merchant;
  }

  function record(actor: Actor, action: string, target: MerchantRecord, details: Record<string, unknown>) {
    return audit.insert({
      actorUserId: actor.userId,
      action,
      targetType: 'merchant',
      targetId: target.id,
      subject: `${target.code} ${target.name}`,
      ip: actor.ip,
      details,
    });
  }

  async function transition(actor: Actor, id: string, from: MerchantStatus, to: MerchantStatus, action: string) {
    const current = await getRecord(id);
    if (current.status === to) return toMerchantResponse(current);
    const updated = await repo.setStatus(id, from, to);
    if (!updated) return toMerchantResponse(await getRecord(id));
    await record(actor, action, updated, { from, to });
    return toMerchantResponse(updated);
  }

  return {
    async list(query: ListMerchantsQuery): Promise<ListMerchantsResponse> {
      const after = decodeSortedKeysetCursor(query.cursor, MERCHANT_LIST_SORT);
      const rows = await repo.page({ q: query.q || undefined, status: query.status }, query.limit, after);
      return toSortedPage(rows, query.limit, MERCHANT_LIST_SORT);
    },

    async get(id: string): Promise<Merchant> {
      return toMerchantResponse(await getRecord(id));
    },

    async create(actor: Actor, body: CreateMerchantBody): Promise<MerchantWithSecret> {
      const terms = {
        depositFeeFixed: body.depositFeeFixed ?? '0',
        withdrawalFeeFixed: body.withdrawalFeeFixed ?? '0',
        minAmount: body.minAmount,
        maxAmount: body.maxAmount,
        allowedMethods: body.allowedMethods,
      };
      checkTerms(body.currency, terms);
      await checkCallbackUrl(body.callbackUrl);
      const webhookSecret = newWebhookSecret();
      const created = await repo.insert({
        name: body.name,
        code: body.code,
        currency: body.currency,
        depositFeeBasisPoints: percentToBasisPoints(body.depositFeePercent ?? '0'),
        depositFeeFixedMinor: toMinorUnits(terms.depositFeeFixed, body.currency),
        withdrawalFeeBasisPoints: percentToBasisPoints(body.withdrawalFeePercent ?? '0'),
        withdrawalFeeFixedMinor: toMinorUnits(terms.withdrawalFeeFixed, body.currency),
        minAmountMinor: toMinorUnits(terms.minAmount, body.currency),
        maxAmountMinor: toMinorUnits(terms.maxAmount, body.currency),
        allowedMethods: [...body.allowedMethods],
        callbackUrl: body.callbackUrl ?? null,
        webhookSecretEncrypted: secretBox.encrypt(webhookSecret, WEBHOOK_SECRET_CONTEXT),
        embedOrigins: [...(body.embedOrigins ?? [])],
        paymentTimeLimitMinutes: Number(body.paymentTimeLimitMinutes),
        paymentLinksEnabled: body.paymentLinksEnabled ?? false,
        payoutNamePolicy: body.payoutNamePolicy ?? PAYOUT_NAME_POLICY_DEFAULT,
      });
      if (!created) throw codeTaken();
      const response = toMerchantResponse(created);
      const { code, name, currency, depositFeePercent, minAmount, maxAmount, allowedMethods } = response;
      await record(actor, AUDIT_ACTIONS.merchantCreated, created, {
        code,
        name,
        currency,
        depositFeePercent,
        depositFeeFixed: response.depositFeeFixed,
        withdrawalFeePercent: response.withdrawalFeePercent,
        withdrawalFeeFixed: response.withdrawalFeeFixed,
        minAmount,
        maxAmount,
        allowedMethods,
        callbackUrl: response.callbackUrl,
        embedOrigins: response.embedOrigins,
        paymentTimeLimitMinutes: response.paymentTimeLimitMinutes,
        paymentLinksEnabled: response.paymentLinksEnabled,
        payoutNamePolicy: response.payoutNamePolicy,
      });
      return { ...response, webhookSecret };
    },

    async update(actor: Actor, id: string, body: UpdateMerchantBody): Promise<Merchant> {
      const current = await getRecord(id);
      const before = toMerchantResponse(current);
      const merged = {
        depositFeeFixed: body.depositFeeFixed ?? before.depositFeeFixed,
        withdrawalFeeFixed: body.withdrawalFeeFixed ?? before.withdrawalFeeFixed,
        minAmount: body.minAmount ?? before.minAmount,
        maxAmount: body.maxAmount ?? before.maxAmount,
        allowedMethods: body.allowedMethods ?? before.allowedMethods,
      };
      checkTerms(current.currency, merged);
      await checkCallbackUrl(body.callbackUrl);
      const changes: MerchantChanges = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.depositFeePercent !== undefined)
        changes.depositFeeBasisPoints = percentToBasisPoints(body.depositFeePercent);
      if (body.depositFeeFixed !== undefined) {
        changes.depositFeeFixedMinor = toMinorUnits(body.depositFeeFixed, current.currency);
      }
      if (body.withdrawalFeePercent !== undefined)
        changes.withdrawalFeeBasisPoints = percentToBasisPoints(body.withdrawalFeePercent);
      if (body.withdrawalFeeFixed !== undefined) {
        changes.withdrawalFeeFixedMinor = toMinorUnits(body.withdrawalFeeFixed, current.currency);
      }
      if (body.minAmount !== undefined) changes.minAmountMinor = toMinorUnits(body.minAmount, current.currency);
      if (body.maxAmount !== undefined) changes.maxAmountMinor = toMinorUnits(body.maxAmount, current.currency);
      if (body.allowedMethods !== undefined) changes.allowedMethods = [...body.allowedMethods];
      if (body.callbackUrl !== undefined) {
        // Set again (fixed, or the same once its receiver is back): sending resumes, the clock restarts.
        changes.callbackUrl = body.callbackUrl;
        changes.webhooksDisabledAt = null;
        changes.webhookFailingSince = null;
      }
      if (body.embedOrigins !== undefined) changes.embedOrigins = [...body.embedOrigins];
      if (body.paymentTimeLimitMinutes !== undefined) changes.paymentTimeLimitMinutes = body.paymentTimeLimitMinutes;
      if (body.paymentLinksEnabled !== undefined) changes.paymentLinksEnabled = body.paymentLinksEnabled;
      if (body.payoutNamePolicy !== undefined) changes.payoutNamePolicy = body.payoutNamePolicy;
      const updated = await repo.update(id, changes);
      if (!updated) throw notFound('Merchant');
      const after = toMerchantResponse(updated);
      const diff: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of Object.keys(body) as (keyof UpdateMerchantBody & keyof Merchant)[]) {
        if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
          diff[key] = { from: before[key], to: after[key] };
      }
      // Saving the URL of a disabled endpoint, even unchanged, sends again: that is a change too.
      if (body.callbackUrl !== undefined && current.webhooksDisabledAt)
        diff.webhooks = { from: 'disabled', to: 'sending' };
      if (Object.keys(diff).length > 0) await record(actor, AUDIT_ACTIONS.merchantUpdated, updated, diff);
      return after;
    },

    suspend: (actor: Actor, id: string) =>
      transition(actor, id, 'active', 'suspended', AUDIT_ACTIONS.merchantSuspended),
    resume: (actor: Actor, id: string) => transition(actor, id, 'suspended', 'active', AUDIT_ACTIONS.merchantResumed),

    /**
     * A new webhook secret, shown this once. An operator's rotation (a leak) stops the previous one
     * at once; a merchant may keep it signing beside the new one for WEBHOOK_PREVIOUS_SECRET_HOURS.
     */
    async rotateWebhookSecret(
      actor: Actor,
      id: string,
      previous: RotateWebhookEndpointSecretBody['previousSecret'] = 'expire_now',
    ): Promise<RotatedWebhookSecret> {
      await getRecord(id);
      const webhookSecret = newWebhookSecret();
      const keepUntil =
        previous === 'keep_24_hours' ? new Date(Date.now() + WEBHOOK_PREVIOUS_SECRET_HOURS * 3_600_000) : null;
      const updated = await repo.rotateWebhookSecret(
        id,
        secretBox.encrypt(webhookSecret, WEBHOOK_SECRET_CONTEXT),
        keepUntil,
      );
      if (!updated) {
        const signing = endpointOf(await getRecord(id)).previousSecretExpiresAt;
        throw new AppError(
          'CONFLICT',
          `The secret before the current one still signs until ${signing}: rotate with previousSecret expire_now (your receivers must hold the new secret at once), or after that time`,
        );
      }
      const previousSecretExpiresAt = keepUntil?.toISOString() ?? null;
      await record(actor, AUDIT_ACTIONS.merchantWebhookSecretRotated, updated, { previousSecretExpiresAt });
      return { webhookSecret, ...endpointOf(updated) };
    },

    /** A merchant's own endpoint as its console shows it. */
    webhookEndpoint: async (id: string): Promise<WebhookEndpoint> => endpointOf(await getRecord(id)),
  };
}
export type MerchantsService = ReturnType<typeof createMerchantsService>;
