import { type SigninBody, type SigninResponse, signin, signinResponseSchema } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function signinWithPassword(body: SigninBody): Promise<SigninResponse> {
  const response = await api.post(signin.path, body);
  return signinResponseSchema.parse(response.data);
}

export function useSignin() {
  return useMutation({ mutationFn: signinWithPassword });
}
