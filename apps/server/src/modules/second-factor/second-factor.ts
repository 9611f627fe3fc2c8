import type { AppContext } from '../../app-context';
import { createSecretBox } from '../../crypto/secret-box';
import { createAuthRepository } from '../auth/auth.repository';
import { createSecondFactorRepository } from './second-factor.repository';
import { createSecondFactorService, type SecondFactorService } from './second-factor.service';

const all = new WeakMap<AppContext, SecondFactorService>();

/** The second-factor service of one app, shared by sign-in and the second-factor routes. */
export function secondFactorOf(ctx: AppContext): SecondFactorService {
  const existing = all.get(ctx);
  if (existing) return existing;
  const users = createAuthRepository(ctx.db);
  const service = createSecondFactorService({
    repo: createSecondFactorRepository(ctx.db),
    gate: ctx.secondFactor,
    secretBox: createSecretBox(ctx.config.ENCRYPTION_KEYS),
    audit: ctx.audit,
    sessionState: ctx.sessionState,
    config: ctx.config,
    findUser: (id) => users.findUserById(id),
  });
  all.set(ctx, service);
  return service;
}
