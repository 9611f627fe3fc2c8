import type { AppContext } from '../../app-context';
import { createSecretBox } from '../../crypto/secret-box';
import { createProxiesRepository } from './proxies.repository';
import { createProxiesService, type ProxiesService } from './proxies.service';

const all = new WeakMap<AppContext, ProxiesService>();

/** The proxies service of one app, built once and shared by its routes and its scheduled checks. */
export function proxiesOf(ctx: AppContext): ProxiesService {
  let service = all.get(ctx);
  if (!service) {
    service = createProxiesService({
      repo: createProxiesRepository(ctx.db),
      audit: ctx.audit,
      secretBox: createSecretBox(ctx.config.ENCRYPTION_KEYS),
      logger: ctx.logger,
      check: { url: ctx.config.PROXY_CHECK_URL, timeoutMs: ctx.config.PROXY_CHECK_TIMEOUT_SECONDS * 1000 },
    });
    all.set(ctx, service);
  }
  return service;
}

/** Every proxy is checked each PROXY_CHECK_SCHEDULE_MINUTES, once across instances (0: never). */
export function registerProxyChecks(ctx: AppContext, service: ProxiesService): void {
  ctx.scheduler.every('proxy-checks', ctx.config.PROXY_CHECK_SCHEDULE_MINUTES * 60_000, async () => {
    const { checked } = await service.checkAll();
    ctx.logger.info({ checked }, 'scheduled proxy checks done');
  });
}
