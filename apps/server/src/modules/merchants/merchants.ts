import type { AppContext } from '../../app-context';
import { createSecretBox } from '../../crypto/secret-box';
import { createMerchantsRepository } from './merchants.repository';
import { createMerchantsService, type MerchantsService } from './merchants.service';

const all = new WeakMap<AppContext, MerchantsService>();

/** The app's merchants service, built once: Merchant Management and a merchant's own webhook endpoint use it. */
export function merchantsServiceOf(ctx: AppContext): MerchantsService {
  let service = all.get(ctx);
  if (!service) {
    service = createMerchantsService({
      repo: createMerchantsRepository(ctx.db),
      audit: ctx.audit,
      secretBox: createSecretBox(ctx.config.ENCRYPTION_KEYS),
      allowPrivateCallbacks: ctx.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    });
    all.set(ctx, service);
  }
  return service;
}
