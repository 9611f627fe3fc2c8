import type { SigninBody, SigninResponse } from '@gerbang/contract';
import { useMutation } from '@tanstack/react-query';

/**
 * The HTTP client and the response schema load on submit, not with the sign-in page, which must
 * stay within its download budget (scripts/check-bundle-size.mjs).
 */
export async function signinWithPassword(body: SigninBody): Promise<SigninResponse> {
  const { postSignin } = await import('./post-signin');
  return postSignin(body);
}

export function useSignin() {
  return useMutation({ mutationFn: signinWithPassword });
}
