import { type SigninBody, type SigninResponse, signin, signinResponseSchema } from '@gerbang/contract';
import { api } from '../../../lib/api-client';

export async function postSignin(body: SigninBody): Promise<SigninResponse> {
  const response = await api.post(signin.path, body);
  return signinResponseSchema.parse(response.data);
}
