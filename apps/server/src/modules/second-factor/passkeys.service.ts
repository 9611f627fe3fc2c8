import {
  PASSKEY_CEREMONY_TIMEOUT_SECONDS,
  PASSKEYS_PER_USER_MAX,
  type Passkey,
  type PasskeyAssertion,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
  type RegisteredPasskey,
  type RegisterPasskeyBody,
} from '@gerbang/contract';
import { AppError, notFound } from '../../http/app-error';
import type { AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { UserRow } from '../auth/auth.repository';
import type { SessionState } from '../sessions/session-state';
import { recordFactorEnrolled } from './factor-enrolled';
import type { CeremonyBinding, PasskeyRow, PasskeysRepository } from './passkeys.repository';
import { newRecoveryCodeSet } from './recovery-codes';
import type { SecondFactorGate } from './second-factor-gate';
import type { Webauthn } from './webauthn';

type Actor = { userId: string; sessionId: string; user: UserRow; ip: string };

const registrationRefused = () => new AppError('PASSKEY_REFUSED', 'The passkey could not be registered: start again');

export const toPasskeyResponse = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const storedOf = (row: PasskeyRow) => ({
  credentialId: row.credentialId,
  publicKey: row.publicKey,
  counter: row.counter,
  transports: row.transports,
});

/**
 * Passkeys: registration, the list, removal, and the assertions that sign-in and step-up check
 * (the second-factor service decides what a passed or failed assertion means there).
 */
export function createPasskeyService(deps: {
  repo: PasskeysRepository;
  webauthn: Webauthn;
  gate: Pick<SecondFactorGate, 'isRequired'>;
  audit: Pick<AuditRepository, 'insert'>;
  sessionState: Pick<SessionState, 'invalidateUser'>;
  /** A registration proves the new passkey: the session counts as stepped up, as after an app's first code. */
  markSessionVerified: (sessionId: string) => Promise<unknown>;
}) {
  const bindingOf = (actor: Actor): CeremonyBinding => ({ purpose: 'registration', sessionId: actor.sessionId });

  async function ceremonyChallenge(userId: string, binding: CeremonyBinding, challenge: string): Promise<void> {
    await deps.repo.createChallenge(userId, binding, challenge, PASSKEY_CEREMONY_TIMEOUT_SECONDS);
  }

  return {
    async list(userId: string): Promise<Passkey[]> {
      return (await deps.repo.listPasskeys(userId)).map(toPasskeyResponse);
    },

    async registrationOptions(actor: Actor): Promise<PasskeyCreationOptions> {
      const existing = await deps.repo.listPasskeys(actor.userId);
      if (existing.length >= PASSKEYS_PER_USER_MAX) throw tooMany();
      const options = await deps.webauthn.registrationOptions(actor.user, existing.map(storedOf));
      await ceremonyChallenge(actor.userId, bindingOf(actor), options.challenge);
      return options;
    },

    async register(actor: Actor, body: RegisterPasskeyBody): Promise<RegisteredPasskey> {
      const binding = bindingOf(actor);
      const verified = await deps.webauthn.verifyRegistration(body.response, (challenge) =>
        deps.repo.takeChallenge(actor.userId, binding, challenge),
      );
      if (!verified.ok) {
        await deps.audit.insert({
          action: AUDIT_ACTIONS.passkeyRegistrationFailed,
          actorUserId: actor.userId,
          targetType: 'user',
          targetId: actor.userId,
          ip: actor.ip,
          details: { reason: verified.reason },
        });
        throw registrationRefused();
      }
      const { codes, hashes } = newRecoveryCodeSet();
      const added = await deps.repo.addPasskey(actor.userId, { ...verified.credential, name: body.name }, hashes);
      if (added.kind === 'too_many') throw tooMany();
      if (added.kind === 'known') throw new AppError('CONFLICT', 'This passkey is already registered');
      await recordFactorEnrolled(deps, actor, {
        method: 'passkey',
        passkeyId: added.passkey.id,
        name: added.passkey.name,
      });
      return { passkey: toPasskeyResponse(added.passkey), recoveryCodes: added.codesIssued ? codes : [] };
    },

    async remove(actor: Actor, passkeyId: string): Promise<void> {
      const isRequired = await deps.gate.isRequired(actor.user);
      const outcome = await deps.repo.removePasskey(actor.userId, passkeyId, !isRequired);
      if (outcome === 'not_found') throw notFound('Passkey');
      if (outcome === 'last_factor')
        throw new AppError('INVALID_STATE', 'Your role requires a second factor: add another before removing this one');
      deps.sessionState.invalidateUser(actor.userId);
      await deps.audit.insert({
        action: AUDIT_ACTIONS.secondFactorRemoved,
        actorUserId: actor.userId,
        targetType: 'user',
        targetId: actor.userId,
        ip: actor.ip,
        details: { method: 'passkey', passkeyId },
      });
    },

    /** Options for proving a passkey (sign-in or step-up): the user's passkeys and a fresh challenge. */
    async authenticationOptions(userId: string, binding: CeremonyBinding): Promise<PasskeyRequestOptions> {
      const stored = await deps.repo.listPasskeys(userId);
      if (stored.length === 0) throw new AppError('INVALID_STATE', 'You have no passkey: use a code instead');
      const options = await deps.webauthn.authenticationOptions(stored.map(storedOf));
      await ceremonyChallenge(userId, binding, options.challenge);
      return options;
    },

    /**
     * Checks an assertion against the user's passkey it names and the ceremony's challenge (taken,
     * right or wrong). Answers why it failed, for the caller's audit, or records the use.
     */
    async verifyAssertion(
      user: UserRow,
      binding: CeremonyBinding,
      response: PasskeyAssertion,
      ip: string,
    ): Promise<{ ok: true } | { ok: false; reason: string }> {
      const passkey = await deps.repo.findPasskey(user.id, response.id);
      if (!passkey) return { ok: false, reason: 'unknown passkey' };
      const verified = await deps.webauthn.verifyAssertion(response, storedOf(passkey), (challenge) =>
        deps.repo.takeChallenge(user.id, binding, challenge),
      );
      if (!verified.ok) return verified;
      if (!(await deps.repo.recordUse(passkey.id, verified.newCounter)))
        return { ok: false, reason: 'the counter did not grow (a concurrent use or a cloned passkey)' };
      await deps.audit.insert({
        action: AUDIT_ACTIONS.passkeyUsed,
        actorUserId: user.id,
        targetType: 'user',
        targetId: user.id,
        ip,
        details: { passkeyId: passkey.id, ceremony: binding.purpose },
      });
      return { ok: true };
    },
  };
}
export type PasskeyService = ReturnType<typeof createPasskeyService>;

const tooMany = () =>
  new AppError(
    'INVALID_STATE',
    `You have ${PASSKEYS_PER_USER_MAX} passkeys, the most: remove one before adding another`,
  );
