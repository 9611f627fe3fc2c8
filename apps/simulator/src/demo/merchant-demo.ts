import {
  type CreateMerchantBody,
  createMerchant,
  listMerchants,
  listMerchantsResponseSchema,
  merchantWithSecretSchema,
} from '@gerbang/contract';
import { type ApiAuth, createGerbangApi } from '../gerbang-api';
import type { Logger } from '../logger';

/** The demo's merchants: one selling in rupiah through DANA and Livin', one in pesos through Maya. */
const DEMO_MERCHANTS: CreateMerchantBody[] = [
  {
    name: 'Toko Demo',
    code: 'TOKO-DEMO',
    currency: 'IDR',
    depositFeePercent: '2.5',
    depositFeeFixed: '1000',
    minAmount: '10000',
    maxAmount: '10000000',
    allowedMethods: ['dana', 'livin'],
    embedOrigins: ['http://localhost:3000'],
  },
  {
    name: 'Maya Demo Shop',
    code: 'MAYA-DEMO',
    currency: 'PHP',
    depositFeePercent: '3',
    minAmount: '100',
    maxAmount: '50000',
    allowedMethods: ['maya'],
    paymentTimeLimitMinutes: 30,
  },
];

/**
 * Adds the demo merchants once (a second run finds them by code). Their webhook secrets are not
 * kept: nothing in the demo receives webhooks yet, and a new one can be made from the console.
 */
export async function seedDemoMerchants(options: { server: string; auth: ApiAuth; logger: Logger }): Promise<void> {
  const api = createGerbangApi(options.server, options.auth);
  for (const merchant of DEMO_MERCHANTS) {
    const found = await api.request(listMerchants, listMerchantsResponseSchema, {
      query: { q: merchant.code, limit: '1' },
    });
    if (found.items.some((item) => item.code === merchant.code)) continue;
    const created = await api.request(createMerchant, merchantWithSecretSchema, { body: merchant });
    options.logger.info(`[demo] merchant ${created.name} (${created.code}, ${created.currency}) added`);
  }
}
