import { z } from 'zod';

/** Write-only; which fields a provider uses is CREDENTIAL_FIELDS_OF_PROVIDER (others are refused). */
export const walletCredentialsInputSchema = z.strictObject({
  pin: z
    .string()
    .regex(/^\d{6}$/, 'The PIN is 6 digits')
    .optional(),
  password: z.string().min(6, 'At least 6 characters').max(64).optional(),
  mpin: z
    .string()
    .regex(/^\d{4,6}$/, 'The MPIN is 4 to 6 digits')
    .optional(),
});
export type WalletCredentialsInput = z.infer<typeof walletCredentialsInputSchema>;
