import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common';

export const PROXY_TYPES = ['http', 'https', 'socks5'] as const;
export const proxyTypeSchema = z.enum(PROXY_TYPES);
export type ProxyType = z.infer<typeof proxyTypeSchema>;

export const PROXY_CHECK_STATUSES = ['unchecked', 'ok', 'failed'] as const;
export type ProxyCheckStatus = (typeof PROXY_CHECK_STATUSES)[number];

export const proxyHostSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:]+\]?$/, 'Enter a host name or IP address');
/** A port: a JSON number (coercing would take `true` for port 1). */
export const proxyPortSchema = z.number().int().min(1).max(65535);

/** A proxy as the API shows it: the password is write-only (hasPassword says whether one is set). */
export const proxySchema = z.object({
  id: idSchema,
  type: proxyTypeSchema,
  host: z.string(),
  port: z.number().int(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  label: z.string(),
  checkStatus: z.enum(PROXY_CHECK_STATUSES),
  lastCheckedAt: isoDateTimeSchema.nullable(),
  latencyMs: z.number().int().nullable(),
  exitIp: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type ProxyEntry = z.infer<typeof proxySchema>;

export const listProxies = { method: 'GET', path: '/proxies' } as const;
export const listProxiesQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  type: proxyTypeSchema.optional(),
  checkStatus: z.enum(PROXY_CHECK_STATUSES).optional(),
});
export const listProxiesResponseSchema = z.object({ items: z.array(proxySchema) });
export type ListProxiesQuery = z.infer<typeof listProxiesQuerySchema>;
export type ListProxiesResponse = z.infer<typeof listProxiesResponseSchema>;

export const createProxy = { method: 'POST', path: '/proxies' } as const;
export const createProxyBodySchema = z.strictObject({
  type: proxyTypeSchema,
  host: proxyHostSchema,
  port: proxyPortSchema,
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
  label: z.string().trim().max(100).default(''),
});
export type CreateProxyBody = z.input<typeof createProxyBodySchema>;

export const getProxy = { method: 'GET', path: '/proxies/:id' } as const;

/** `password: null` clears it; leaving it out keeps it. */
export const updateProxy = { method: 'PATCH', path: '/proxies/:id' } as const;
export const updateProxyBodySchema = z
  .strictObject({
    type: proxyTypeSchema.optional(),
    host: proxyHostSchema.optional(),
    port: proxyPortSchema.optional(),
    username: z.string().max(200).nullable().optional(),
    password: z.string().max(200).nullable().optional(),
    label: z.string().trim().max(100).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Give at least one field to change' });
export type UpdateProxyBody = z.infer<typeof updateProxyBodySchema>;

export const deleteProxy = { method: 'DELETE', path: '/proxies/:id' } as const;

/** One `host:port[:user:pass]` per line; every valid line is created, each bad line is reported. */
export const importProxies = { method: 'POST', path: '/proxies/import' } as const;
export const importProxiesBodySchema = z.strictObject({
  type: proxyTypeSchema,
  lines: z.string().max(200_000),
});
export type ImportProxiesBody = z.infer<typeof importProxiesBodySchema>;
export const importProxiesResponseSchema = z.object({
  created: z.array(proxySchema),
  errors: z.array(z.object({ line: z.number().int(), text: z.string(), message: z.string() })),
});
export type ImportProxiesResponse = z.infer<typeof importProxiesResponseSchema>;

/** Connects through the proxy to the configured check URL; records status, latency, exit IP. */
export const checkProxy = { method: 'POST', path: '/proxies/:id/check' } as const;
export const proxyResponseSchema = proxySchema;
