import type { AppContext } from '../../app-context';
import { createSecretBox } from '../../crypto/secret-box';
import { createAuthRepository } from '../auth/auth.repository';
import { auditWithFactorChangeMail } from './factor-change-mail';
import { createPasskeysRepository } from './passkeys.repository';
import { createPasskeyService, type PasskeyService } from './passkeys.service';
import { createSecondFactorRepository } from './second-factor.repository';
import { createSecondFactorService, type SecondFactorService } from './second-factor.service';
import { createWebauthn } from './webauthn';

type Services = { secondFactor: SecondFactorService; passkeys: PasskeyService };
const all = new WeakMap<AppContext, Services>();

function servicesOf(ctx: AppContext): Services {
  const existing = all.get(ctx);
  if (existing) return existing;
  const users = createAuthRepository(ctx.db);
  const repo = createSecondFactorRepository(ctx.db);
  // Every change of a user's factor is audited and mailed to them.
  const audit = auditWithFactorChangeMail({
    audit: ctx.audit,
    mailer: ctx.mailer,
    logger: ctx.logger,
    emailOf: async (userId) => (await users.findUserById(userId))?.email ?? null,
  });
  const passkeys = createPasskeyService({
    repo: createPasskeysRepository(ctx.db),
    webauthn: createWebauthn({ rpId: ctx.config.WEBAUTHN_RP_ID, origins: ctx.config.WEBAUTHN_ORIGINS }),
    gate: ctx.secondFactor,
    audit,
    sessionState: ctx.sessionState,
    markSessionVerified: (sessionId) => repo.markSessionVerified(sessionId, ctx.config.STEP_UP_VALID_SECONDS),
  });
  const secondFactor = createSecondFactorService({
    repo,
    gate: ctx.secondFactor,
    secretBox: createSecretBox(ctx.config.ENCRYPTION_KEYS),
    audit,
    sessionState: ctx.sessionState,
    config: ctx.config,
    findUser: (id) => users.findUserById(id),
    passkeys,
  });
  const services = { secondFactor, passkeys };
  all.set(ctx, services);
  return services;
}

/** The second-factor service of one app, shared by sign-in and the second-factor routes. */
export const secondFactorOf = (ctx: AppContext): SecondFactorService => servicesOf(ctx).secondFactor;

/** The passkey service of one app (registration, the list, removal). */
export const passkeysOf = (ctx: AppContext): PasskeyService => servicesOf(ctx).passkeys;
