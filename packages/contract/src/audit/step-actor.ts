import { z } from 'zod';

/**
 * Who took a step of a session's or a withdrawal's timeline: an operator (Gerbang's staff), one of
 * the merchant's users, the merchant's API token, a phone (its answer or its report), the customer
 * (on the deposit or withdraw page), or the server itself (a deadline, a sweep).
 */
export const STEP_ACTOR_KINDS = ['operator', 'merchant_user', 'api_token', 'phone', 'customer', 'system'] as const;
export const stepActorSchema = z.object({
  kind: z.enum(STEP_ACTOR_KINDS),
  /** The user's, token's or phone's name; null for the customer and the server, or when it is gone. */
  name: z.string().nullable(),
});
export type StepActor = z.infer<typeof stepActorSchema>;
