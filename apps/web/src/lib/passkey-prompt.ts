import type {
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  passkeyRegistrationResponseSchema,
} from '@gerbang/contract';
import type { z } from 'zod';
import { promptFailureOf } from './passkey-prompt-error';

// The library loads only when a passkey is used, never with the sign-in page (its bundle budget).
const webauthn = () => import('@simplewebauthn/browser');

/** Asks the browser to make a passkey for these options. */
export async function createPasskey(
  options: PasskeyCreationOptions,
): Promise<z.infer<typeof passkeyRegistrationResponseSchema>> {
  const { startRegistration } = await webauthn();
  try {
    return await startRegistration({ optionsJSON: options });
  } catch (error) {
    throw promptFailureOf(error);
  }
}

/** Asks the browser for one of the user's passkeys to sign these options' challenge. */
export async function signWithPasskey(options: PasskeyRequestOptions): Promise<PasskeyAssertion> {
  const { startAuthentication } = await webauthn();
  try {
    return await startAuthentication({ optionsJSON: options });
  } catch (error) {
    throw promptFailureOf(error);
  }
}
