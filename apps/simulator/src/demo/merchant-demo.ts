import {
  type CreateMerchantBody,
  createMerchant,
  listMerchants,
  listMerchantsResponseSchema,
  merchantSchema,
  merchantWithSecretSchema,
  updateMerchant,
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
    // Customers may open payments from /request-transaction?merchant=TOKO-DEMO&amount=….
    paymentLinksEnabled: true,
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
    // /request-transaction?merchant=MAYA-DEMO&amount=250 opens a deposit page with Maya's three ways.
    paymentLinksEnabled: true,
  },
];

/**
 * Adds the demo merchants once (a second run finds them by code). Their webhook secrets are not
 * kept: Toko Demo's endpoint (webhook-receiver-demo.ts) makes its own at each start.
 */
export async function seedDemoMerchants(options: {
  server: string;
  auth: ApiAuth;
  logger: Logger;
}): Promise<{ id: string; code: string }[]> {
  const api = createGerbangApi(options.server, options.auth);
  const seeded: { id: string; code: string }[] = [];
  for (const merchant of DEMO_MERCHANTS) {
    const found = await api.request(listMerchants, listMerchantsResponseSchema, {
      query: { q: merchant.code, limit: '1' },
    });
    const existing = found.items.find((item) => item.code === merchant.code);
    if (existing) {
      // A data folder from before payment links: the demo merchant takes them now.
      if (merchant.paymentLinksEnabled && !existing.paymentLinksEnabled) {
        await api.request(updateMerchant, merchantSchema, {
          params: { id: existing.id },
          body: { paymentLinksEnabled: true },
        });
      }
      seeded.push(existing);
      continue;
    }
    const created = await api.request(createMerchant, merchantWithSecretSchema, { body: merchant });
    options.logger.info(`[demo] merchant ${created.name} (${created.code}, ${created.currency}) added`);
    seeded.push(created);
  }
  return seeded;
}
