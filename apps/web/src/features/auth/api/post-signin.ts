import {
  type SigninAnswer,
  type SigninBody,
  type SigninResponse,
  type SigninSecondFactorBody,
  signin,
  signinAnswerSchema,
  signinResponseSchema,
  signinSecondFactor,
} from '@gerbang/contract';
import { api } from '../../../lib/api-client';

export async function postSignin(body: SigninBody): Promise<SigninAnswer> {
  const response = await api.post(signin.path, body);
  return signinAnswerSchema.parse(response.data);
}

export async function postSigninSecondFactor(body: SigninSecondFactorBody): Promise<SigninResponse> {
  const response = await api.post(signinSecondFactor.path, body);
  return signinResponseSchema.parse(response.data);
}
