import {
  MANUAL_CREDIT_EVENT_TYPE,
  manualCreditSchema,
  PAYMENT_CLAIM_EVENT_TYPES,
  PAYMENT_SESSION_EVENT_TYPES,
  paymentClaimSchema,
  paymentSessionSchema,
  REFUND_EVENT_TYPES,
  refundSchema,
  WEBHOOK_SIGNATURE_HEADER,
  WITHDRAWAL_EVENT_TYPES,
  withdrawalSchema,
} from '@gerbang/contract';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';

/** Each family of events a merchant's endpoint receives: its types, and the schema of its data. */
const FAMILIES = [
  { name: 'payment_session', types: Object.values(PAYMENT_SESSION_EVENT_TYPES), data: paymentSessionSchema },
  { name: 'withdrawal', types: Object.values(WITHDRAWAL_EVENT_TYPES), data: withdrawalSchema },
  { name: 'refund', types: Object.values(REFUND_EVENT_TYPES), data: refundSchema },
  { name: 'payment_claim', types: Object.values(PAYMENT_CLAIM_EVENT_TYPES), data: paymentClaimSchema },
  { name: 'deposit.manually_credited', types: [MANUAL_CREDIT_EVENT_TYPE], data: manualCreditSchema },
] as const;

/**
 * The webhook events' bodies, as OpenAPI 3.1 `webhooks` (docs/webhooks.md): one POST per family,
 * whose body is `{ id, type, sequence, createdAt, data }` with `type` one of the family's and `data`
 * the object the merchant API returns for it.
 */
type Webhooks = NonNullable<OpenAPIV3_1.Document['webhooks']>;

export function openapiWebhooks(): Webhooks {
  // A JSON Schema 2020-12 document (what OpenAPI 3.1 takes); the swagger types mix 3.0's in.
  return Object.fromEntries(
    FAMILIES.map((family) => {
      const body = z.object({
        id: z.uuid().describe('The same on every retry: deduplicate by it'),
        type: z.enum(family.types as unknown as [string, ...string[]]),
        sequence: z.number().int().describe("The order events were written in; per subject, its changes' order"),
        createdAt: z.iso.datetime(),
        data: family.data,
      });
      const item = {
        post: {
          summary: `${family.types.join(', ')}`,
          description: `Signed with the \`${WEBHOOK_SIGNATURE_HEADER}\` header (Stripe's scheme: t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">). Any 2xx answer is success; anything else is retried with backoff.`,
          parameters: [{ name: WEBHOOK_SIGNATURE_HEADER, in: 'header', required: true, schema: { type: 'string' } }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(body, {
                  unrepresentable: 'any',
                  io: 'output',
                }),
              },
            },
          },
          responses: { '2XX': { description: 'Received' } },
        },
      };
      return [family.name, item];
    }),
  ) as unknown as Webhooks;
}
