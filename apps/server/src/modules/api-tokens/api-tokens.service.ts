import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenPolicy,
  type ApiTokenScope,
  type ApiTokenWithSecret,
  type CreateApiTokenBody,
  type ListApiTokensResponse,
  type MerchantTeamRole,
  MONEY_OUT_SCOPES,
  SCOPE_NEEDS,
  TEST_TOKEN_PREFIX,
  teamRoleMay,
} from '@gerbang/contract';
import { AppError, invalidFields, notFound } from '../../http/app-error';
import { decodeKeysetCursor, toPage } from '../../http/keyset-cursor';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import { hashToken, newOpaqueToken } from '../auth/one-time-token';
import type { MerchantRecord } from '../merchants/merchants.repository';
import { isInsideNetworks } from './allowed-networks';
import type { ApiTokenRecord, ApiTokensRepository } from './api-tokens.repository';

/** A Merchant user acting for its merchant, from where (for the audit trail). */
export type MerchantActor = {
  userId: string;
  merchantId: string;
  ip: string;
  /** The member's team role: what it may move decides which scopes it may give. */
  teamRole?: MerchantTeamRole | null;
};

/** What a `/v1` call is allowed to do, once its token is checked, and its merchant as the token's read found it. */
export type ApiCaller = {
  tokenId: string;
  merchantId: string;
  scopes: readonly ApiTokenScope[];
  merchant: MerchantRecord;
};

/** "gbk_" (a test token's "gbk_test_") and eight characters of the secret: enough to tell tokens apart, useless to an attacker. */
const SHOWN_SECRET_CHARACTERS = 8;

export function toApiTokenResponse(row: ApiTokenRecord): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiTokenScope[],
    allowedNetworks: row.allowedNetworks,
    status: row.revokedAt ? 'revoked' : row.isExpired ? 'expired' : 'active',
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const invalidToken = () => new AppError('UNAUTHENTICATED', 'Send a valid API token as "Authorization: Bearer <token>"');

/** A refused call is audited at most this often per token and instance (a flood is one line a minute). */
const REFUSAL_AUDIT_INTERVAL_MS = 60_000;

export function createApiTokensService(deps: {
  repo: ApiTokensRepository;
  audit: AuditRepository;
  /** The operator requires allowed networks on every merchant's money-out tokens. */
  allowlistRequiredByOperator: boolean;
}) {
  const { repo, audit } = deps;
  const lastRefusalAudit = new Map<string, number>();

  const allowlistRequired = (merchant: { apiTokenAllowlistRequired: boolean }) =>
    deps.allowlistRequiredByOperator || merchant.apiTokenAllowlistRequired;
  const movesMoneyOut = (scopes: readonly string[]) =>
    scopes.some((scope) => MONEY_OUT_SCOPES.includes(scope as ApiTokenScope));

  async function refuseFromNetwork(
    token: { id: string; merchantId: string; prefix: string },
    ip: string,
    reason: string,
  ) {
    const now = Date.now();
    if ((lastRefusalAudit.get(token.id) ?? 0) + REFUSAL_AUDIT_INTERVAL_MS <= now) {
      if (lastRefusalAudit.size >= 10_000) lastRefusalAudit.clear();
      lastRefusalAudit.set(token.id, now);
      await audit.insert({
        action: AUDIT_ACTIONS.apiTokenNetworkRefused,
        targetType: 'api_token',
        targetId: token.id,
        subject: token.prefix,
        ip,
        details: { merchantId: token.merchantId, reason },
      });
    }
    throw new AppError(
      'IP_NOT_ALLOWED',
      reason === 'outside'
        ? `Calls with this API token are not allowed from ${ip}`
        : 'This API token moves money out and must name its allowed networks: create one that does',
    );
  }

  function record(actor: MerchantActor, action: string, token: ApiTokenRecord, details: Record<string, unknown>) {
    return audit.insert({
      actorUserId: actor.userId,
      action,
      targetType: 'api_token',
      targetId: token.id,
      subject: token.prefix,
      ip: actor.ip,
      details: { merchantId: actor.merchantId, ...details },
    });
  }

  return {
    async list(merchantId: string, query: { limit: number; cursor?: string }): Promise<ListApiTokensResponse> {
      const rows = await repo.page(merchantId, query.limit, decodeKeysetCursor(query.cursor));
      return toPage(rows, query.limit, toApiTokenResponse);
    },

    async create(
      actor: MerchantActor,
      body: CreateApiTokenBody & { allowedNetworks: string[] },
      merchant: { apiTokenAllowlistRequired: boolean; liveMerchantId: string | null },
    ): Promise<ApiTokenWithSecret> {
      const beyond = body.scopes.filter((scope) => {
        const need = SCOPE_NEEDS[scope];
        return need && actor.teamRole && !teamRoleMay(actor.teamRole, need.area, need.action);
      });
      if (beyond.length > 0) {
        throw new AppError('FORBIDDEN', `Your team role may not give a token ${beyond.join(', ')}: it moves money`, {
          fields: { 'body.scopes': `Not yours to give: ${beyond.join(', ')}` },
        });
      }
      if (body.allowedNetworks.length === 0 && movesMoneyOut(body.scopes) && allowlistRequired(merchant))
        throw invalidFields({ 'body.allowedNetworks': 'Tokens that move money out must name their allowed networks' });
      // A test twin's tokens are test tokens, and say so in their first characters (docs/test-mode.md).
      const start = merchant.liveMerchantId ? TEST_TOKEN_PREFIX : API_TOKEN_PREFIX;
      const secret = `${start}${newOpaqueToken()}`;
      const token = await repo.insert({
        merchantId: actor.merchantId,
        name: body.name,
        prefix: secret.slice(0, start.length + SHOWN_SECRET_CHARACTERS),
        tokenHash: hashToken(secret),
        scopes: body.scopes,
        allowedNetworks: [...new Set(body.allowedNetworks)],
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        createdByUserId: actor.userId,
      });
      await record(actor, AUDIT_ACTIONS.apiTokenCreated, token, {
        name: token.name,
        scopes: token.scopes,
        allowedNetworks: token.allowedNetworks,
        expiresAt: token.expiresAt?.toISOString() ?? null,
      });
      return { ...toApiTokenResponse(token), secret };
    },

    async revoke(actor: MerchantActor, id: string): Promise<ApiToken> {
      const result = await repo.revoke(actor.merchantId, id);
      // Another merchant's token is "not found", never "forbidden": its existence is not told.
      if (!result) throw notFound('API token');
      if (result.changed)
        await record(actor, AUDIT_ACTIONS.apiTokenRevoked, result.record, { name: result.record.name });
      return toApiTokenResponse(result.record);
    },

    /**
     * Checks a `/v1` bearer token: unknown → 401 UNAUTHENTICATED, revoked → 401 API_TOKEN_REVOKED,
     * expired → 401 API_TOKEN_EXPIRED, missing scope → 403 INSUFFICIENT_SCOPE, outside the token's
     * networks (or a money-out call without networks where they are required) → 403 IP_NOT_ALLOWED.
     */
    async authenticate(secret: string | null, scope: ApiTokenScope, ip: string): Promise<ApiCaller> {
      if (!secret?.startsWith(API_TOKEN_PREFIX)) throw invalidToken();
      const token = await repo.findForAuth(hashToken(secret));
      if (!token) throw invalidToken();
      if (token.isRevoked) throw new AppError('API_TOKEN_REVOKED', 'This API token was revoked');
      if (token.isExpired) throw new AppError('API_TOKEN_EXPIRED', 'This API token has expired');
      if (!token.scopes.includes(scope)) {
        throw new AppError('INSUFFICIENT_SCOPE', `This API token lacks the scope ${scope}`);
      }
      if (token.allowedNetworks.length > 0) {
        if (!isInsideNetworks(ip, token.allowedNetworks)) await refuseFromNetwork(token, ip, 'outside');
      } else if (movesMoneyOut([scope]) && allowlistRequired(token.merchant)) {
        await refuseFromNetwork(token, ip, 'allowlist_required');
      }
      if (token.isTouchDue) await repo.touch(token.id);
      return {
        tokenId: token.id,
        merchantId: token.merchantId,
        scopes: token.scopes as ApiTokenScope[],
        merchant: token.merchant,
      };
    },
  };
}
export type ApiTokensService = ReturnType<typeof createApiTokensService>;

/** The merchant's setting and the operator's, as the API tokens page shows them. */
export function apiTokenPolicyOf(
  merchant: { apiTokenAllowlistRequired: boolean },
  byOperator: boolean,
): ApiTokenPolicy {
  return { allowlistRequiredForMoneyOut: merchant.apiTokenAllowlistRequired, requiredByOperator: byOperator };
}
