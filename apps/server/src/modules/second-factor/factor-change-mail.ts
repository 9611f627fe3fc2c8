import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry, AuditRepository } from '../audit/audit.repository';
import { AUDIT_ACTIONS } from '../audit/audit-actions';
import type { Mailer } from '../mail/mailer';

/** What each change of a user's second factor tells them, by its audit action. */
const CHANGES: Record<string, string> = {
  [AUDIT_ACTIONS.secondFactorEnrolled]: 'A second factor was added to your Gerbang account',
  [AUDIT_ACTIONS.secondFactorRemoved]: 'A second factor was removed from your Gerbang account',
  [AUDIT_ACTIONS.secondFactorReset]: "An Admin reset your Gerbang account's second factor",
  [AUDIT_ACTIONS.recoveryCodesRegenerated]: 'New recovery codes were made for your Gerbang account',
  [AUDIT_ACTIONS.recoveryCodeUsed]: 'A recovery code was used to sign in to your Gerbang account',
};

/**
 * The audit log the second-factor services write to, which also mails the user whose factor changed
 * (ASVS 2.5.5/3.3: a user learns of a change they did not make): added, removed, reset by an Admin,
 * recovery codes made anew or one used. The mail names the change, when and from where, never a
 * secret; it goes after the audit entry is written, and a mail that fails is logged, not thrown.
 */
export function auditWithFactorChangeMail<A extends Pick<AuditRepository, 'insert'>>(deps: {
  audit: A;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  emailOf: (userId: string) => Promise<string | null>;
}): A {
  return {
    ...deps.audit,
    async insert(entry: AuditEntry) {
      await deps.audit.insert(entry);
      const change = CHANGES[entry.action];
      if (!change || entry.targetType !== 'user' || !entry.targetId) return;
      const to = await deps.emailOf(entry.targetId);
      if (!to) return;
      const text = [
        `${change}.`,
        `When: ${new Date().toISOString()}`,
        entry.ip ? `From: ${entry.ip}` : null,
        '',
        'If this was not you, tell an Admin of your Gerbang console at once: your password may be known to someone else.',
      ]
        .filter((line) => line !== null)
        .join('\n');
      await deps.mailer
        .send({ to, subject: `[Gerbang] ${change}`, text })
        .catch((error: unknown) => deps.logger.warn({ err: error, action: entry.action }, 'factor change mail failed'));
    },
  };
}
