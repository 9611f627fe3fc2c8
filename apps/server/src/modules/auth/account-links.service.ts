import { ONE_TIME_TOKEN_TTL_MS, ROLE } from '@gerbang/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Mailer } from '../mail/mailer';
import { createAccountLinksRepository, type LinkPurpose } from './account-links.repository';
import { hashToken, newOpaqueToken } from './one-time-token';

type LinkUser = { id: string; email: string; name: string; roleId: number };

const PATHS: Record<LinkPurpose, string> = {
  activation: '/auth/activate',
  password_reset: '/auth/reset-password',
};

/**
 * Activation and password-reset links: one-time, stored hashed, valid ONE_TIME_TOKEN_TTL_MS.
 * Links point at the console the user signs in to.
 */
export function createAccountLinks(deps: {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'ADMIN_CONSOLE_URL' | 'MERCHANT_CONSOLE_URL'>;
}) {
  const repo = createAccountLinksRepository(deps.db);

  async function issue(user: LinkUser, purpose: LinkPurpose): Promise<string> {
    const token = newOpaqueToken();
    await repo.replace(user.id, purpose, hashToken(token), new Date(Date.now() + ONE_TIME_TOKEN_TTL_MS));
    const base = user.roleId === ROLE.Merchant ? deps.config.MERCHANT_CONSOLE_URL : deps.config.ADMIN_CONSOLE_URL;
    const url = new URL(PATHS[purpose], base);
    url.searchParams.set('token', token);
    return url.toString();
  }

  return {
    /** Creates a link and returns its URL without sending it (first Admin: printed at boot). */
    issue,
    async sendActivation(user: LinkUser): Promise<void> {
      const link = await issue(user, 'activation');
      await deps.mailer.send({
        to: user.email,
        subject: 'Activate your Gerbang account',
        text: `Hello ${user.name},\n\nAn account was created for you on Gerbang. Set your password within 24 hours: ${link}\n\nIf you did not expect this, ignore this message.`,
      });
    },
    async sendPasswordReset(user: LinkUser): Promise<void> {
      const link = await issue(user, 'password_reset');
      await deps.mailer.send({
        to: user.email,
        subject: 'Reset your Gerbang password',
        text: `Hello ${user.name},\n\nSomeone asked to reset your Gerbang password. Choose a new one within 24 hours: ${link}\n\nIf it was not you, ignore this message; your password stays as it is.`,
      });
    },
    /** The user id of a valid, unused link, which is used up by this call; null otherwise. */
    consume: (token: string, purpose: LinkPurpose) => repo.consume(hashToken(token), purpose),
  };
}
export type AccountLinks = ReturnType<typeof createAccountLinks>;
