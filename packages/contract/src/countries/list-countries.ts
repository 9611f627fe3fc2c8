import { z } from 'zod';

export const listCountries = { method: 'GET', path: '/countries' } as const;

export const countrySchema = z.object({
  /** ISO 3166-1 alpha-2, e.g. ID. */
  code: z.string().length(2),
  name: z.string(),
  /** E.164 country calling code without '+', e.g. "62". */
  dialCode: z.string(),
  /** ISO 4217 code, e.g. IDR. */
  currency: z.string(),
});
export type Country = z.infer<typeof countrySchema>;
export const listCountriesResponseSchema = z.array(countrySchema);
