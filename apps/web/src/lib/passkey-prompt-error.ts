import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from './api-error';

// Apart from the prompts (lib/passkey-prompt.ts), which load only when a passkey is used: the
// sign-in page names this error and its message, and must stay within its bundle budget.

type PromptFailure = 'closed' | 'registered' | 'unsupported';

/** The browser's passkey prompt did not answer: closed, timed out, or not possible here. */
export class PasskeyPromptError extends Error {
  constructor(readonly reason: PromptFailure) {
    super(`passkey prompt failed: ${reason}`);
  }
}

/**
 * What the browser (WebAuthn, through @simplewebauthn/browser) says when it gives no credential:
 * InvalidStateError when the authenticator already holds one of the user's passkeys, and
 * NotAllowedError or AbortError when the user closed the prompt or it timed out.
 */
export function promptFailureOf(error: unknown): PasskeyPromptError {
  // A DOMException is an Error in browsers, not in every test DOM: read its name and message as such.
  const { name, message } = (typeof error === 'object' && error !== null ? error : {}) as Partial<Error>;
  if (name === 'InvalidStateError') return new PasskeyPromptError('registered');
  if (typeof message === 'string' && /not supported/i.test(message)) return new PasskeyPromptError('unsupported');
  return new PasskeyPromptError('closed');
}

/** An error of a passkey step, translated: the prompt's own, or the server's. */
export function usePasskeyErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation(['accountSecurity', 'auth']);
  const apiErrorMessage = useApiErrorMessage();
  return useCallback(
    (error: unknown) =>
      error instanceof PasskeyPromptError
        ? t(`accountSecurity:signinPasskey.prompt.${error.reason}`)
        : apiErrorMessage(error),
    [t, apiErrorMessage],
  );
}
