import {
  passkeyRequestOptionsSchema,
  type SigninAnswer,
  type SigninBody,
  type SigninResponse,
  type SigninSecondFactorBody,
  signin,
  signinAnswerSchema,
  signinPasskeyOptions,
  signinResponseSchema,
  signinSecondFactor,
  signinWithPasskey,
} from '@gerbang/contract';
import { api } from '../../../lib/api-client';
import { signWithPasskey } from '../../../lib/passkey-prompt';
import '../../../lib/zod-config';

export async function postSignin(body: SigninBody): Promise<SigninAnswer> {
  const response = await api.post(signin.path, body);
  return signinAnswerSchema.parse(response.data);
}

export async function postSigninSecondFactor(body: SigninSecondFactorBody): Promise<SigninResponse> {
  const response = await api.post(signinSecondFactor.path, body);
  return signinResponseSchema.parse(response.data);
}

/** Sign-in's second step with a passkey: options bound to the challenge, the browser's prompt, the assertion. */
export async function postSigninWithPasskey(challengeToken: string): Promise<SigninResponse> {
  const options = passkeyRequestOptionsSchema.parse(
    (await api.post(signinPasskeyOptions.path, { challengeToken })).data,
  );
  const response = await signWithPasskey(options);
  return signinResponseSchema.parse((await api.post(signinWithPasskey.path, { challengeToken, response })).data);
}
