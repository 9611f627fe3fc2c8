// The webhooks' API paths, limits, delivery states and choices, in a module without zod: the
// consoles' webhooks page names them before the schemas have loaded (the bodies and answers:
// ./webhook-endpoint, ./webhook-endpoints, ./webhook-events, ./webhook-delivery).

export const getWebhookEndpoint = { method: 'GET', path: '/webhook-endpoint' } as const;

export const updateWebhookEndpoint = { method: 'PUT', path: '/webhook-endpoint' } as const;

export const rotateWebhookEndpointSecret = { method: 'POST', path: '/webhook-endpoint/secret' } as const;

export const PREVIOUS_SECRET_CHOICES = ['keep_24_hours', 'expire_now'] as const;

/** The further endpoints a merchant may have, beside its main one (./webhook-endpoints). */
export const WEBHOOK_ENDPOINTS_MAX = 10;

export const listWebhookEndpoints = { method: 'GET', path: '/webhook-endpoints' } as const;

export const createWebhookEndpoint = { method: 'POST', path: '/webhook-endpoints' } as const;

export const updateWebhookEndpointById = { method: 'PATCH', path: '/webhook-endpoints/:id' } as const;

export const removeWebhookEndpoint = { method: 'DELETE', path: '/webhook-endpoints/:id' } as const;

export const rotateWebhookEndpointSecretById = { method: 'POST', path: '/webhook-endpoints/:id/secret' } as const;

export const listWebhookEvents = { method: 'GET', path: '/webhook-events' } as const;

export const getWebhookEvent = { method: 'GET', path: '/webhook-events/:id' } as const;

/**
 * Sends a `webhook.test` event now, through the outbox like any other: to the merchant's callback
 * URL, or to one of its further endpoints.
 */
export const sendTestWebhookEvent = { method: 'POST', path: '/webhook-events/test' } as const;

/** Queue another delivery of a webhook event now (a failed, skipped or delivered one too). */
export const resendWebhookEvent = { method: 'POST', path: '/webhook-events/:id/resend' } as const;

/** What the consoles show of the webhook events of a session, a withdrawal or a refund. */
export const WEBHOOK_EVENT_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;

/**
 * Why an event was kept, not sent (its `lastError` when `skipped`): the consoles show each in the
 * reader's language.
 */
export const WEBHOOK_NOT_SENT = {
  noCallbackUrl: 'The merchant has no callback URL',
  disabled: 'Not sent: webhooks to this endpoint were disabled after failing for days (set the URL again to resume)',
  removed: 'Not sent: the merchant removed this endpoint',
} as const;
