import { z } from 'zod';
import { idSchema, isoDateTimeSchema, pageQuerySchema, pageSchema } from '../common';

/**
 * A merchant's API token: how its servers call the merchant API (`/v1`) with
 * `Authorization: Bearer <token>`. The secret is shown once, when the token is created, and only
 * its SHA-256 is stored. A token carries scopes; a route needs its scope.
 */
export const API_TOKEN_SCOPES = [
  'payments:write',
  'payments:read',
  'balance:read',
  'withdrawals:write',
  'withdrawals:read',
  'refunds:write',
] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** Every secret starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_TOKEN_PREFIX = 'gbk_';
export const API_TOKEN_NAME_MAX_LENGTH = 100;
/** How far ahead an expiry may be set. */
export const API_TOKEN_MAX_LIFETIME_DAYS = 730;

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

/** How many networks a token may name. */
export const API_TOKEN_MAX_NETWORKS = 20;
/** Scopes that move money out: a merchant (or the operator) may require them to name their networks. */
export const MONEY_OUT_SCOPES: readonly ApiTokenScope[] = ['withdrawals:write', 'refunds:write'];
/**
 * What a member must be allowed in the console to give a token a money-out scope (a token does
 * what its maker could): a developer holds tokens but moves no money, so it cannot make one that does.
 */
export const SCOPE_NEEDS: Partial<Record<ApiTokenScope, { area: 'withdrawals' | 'refunds'; action: 'create' }>> = {
  'withdrawals:write': { area: 'withdrawals', action: 'create' },
  'refunds:write': { area: 'refunds', action: 'create' },
};

/**
 * An allowed network: an IPv4 or IPv6 CIDR (`203.0.113.0/24`, `2001:db8::/32`), or one address,
 * kept as its /32 or /128.
 */
export const allowedNetworkSchema = z
  .string()
  .trim()
  .pipe(
    z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()], {
      error: 'Enter an IPv4 or IPv6 address or CIDR, like 203.0.113.0/24',
    }),
  )
  .transform((network) => (network.includes('/') ? network : `${network}/${network.includes(':') ? 128 : 32}`));

export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** The first characters of the secret, to tell tokens apart ("gbk_Xy12…"). */
  prefix: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  /** Calls must come from these networks; empty: from anywhere. */
  allowedNetworks: z.array(z.string()),
  status: z.enum(API_TOKEN_STATUSES),
  expiresAt: isoDateTimeSchema.nullable(),
  lastUsedAt: isoDateTimeSchema.nullable(),
  revokedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const listApiTokens = { method: 'GET', path: '/api-tokens' } as const;
export const listApiTokensQuerySchema = pageQuerySchema;
export const listApiTokensResponseSchema = pageSchema(apiTokenSchema);
export type ListApiTokensResponse = z.infer<typeof listApiTokensResponseSchema>;

export const createApiToken = { method: 'POST', path: '/api-tokens' } as const;
export const createApiTokenBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'This field is required').max(API_TOKEN_NAME_MAX_LENGTH),
  scopes: z
    .array(apiTokenScopeSchema)
    .min(1, 'Choose at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
  allowedNetworks: z
    .array(allowedNetworkSchema)
    .max(API_TOKEN_MAX_NETWORKS, `At most ${API_TOKEN_MAX_NETWORKS} networks`)
    .default([]),
  /** Omitted or null: the token does not expire (it can still be revoked). */
  expiresAt: isoDateTimeSchema
    .nullable()
    .optional()
    .refine((at) => at == null || Date.parse(at) > Date.now(), 'Choose a time in the future')
    .refine(
      (at) => at == null || Date.parse(at) <= Date.now() + API_TOKEN_MAX_LIFETIME_DAYS * 86_400_000,
      `Choose a time at most ${API_TOKEN_MAX_LIFETIME_DAYS} days ahead`,
    ),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;
/** The token and its secret: the only answer that ever carries the secret. */
export const apiTokenWithSecretSchema = apiTokenSchema.extend({ secret: z.string() });
export type ApiTokenWithSecret = z.infer<typeof apiTokenWithSecretSchema>;

/** Revoking is final: the token answers 401 API_TOKEN_REVOKED from then on. */
export const revokeApiToken = { method: 'DELETE', path: '/api-tokens/:id' } as const;
export const revokeApiTokenResponseSchema = apiTokenSchema;

/** Whether this merchant's tokens that move money out must name their networks. */
export const apiTokenPolicy = { method: 'GET', path: '/api-tokens/policy' } as const;
export const updateApiTokenPolicy = { method: 'PUT', path: '/api-tokens/policy' } as const;
export const apiTokenPolicySchema = z.object({
  /** The merchant's own setting. */
  allowlistRequiredForMoneyOut: z.boolean(),
  /** The operator requires it of every merchant (API_TOKEN_ALLOWLIST_REQUIRED), whatever the setting. */
  requiredByOperator: z.boolean(),
});
export type ApiTokenPolicy = z.infer<typeof apiTokenPolicySchema>;
export const updateApiTokenPolicyBodySchema = z.strictObject({ allowlistRequiredForMoneyOut: z.boolean() });
