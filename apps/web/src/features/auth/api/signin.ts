import type { SigninBody, SigninResponse } from '@gerbang/contract';
import { useCallback, useState } from 'react';

/**
 * The HTTP client and the response schema load on submit, not with the sign-in page, which must
 * stay within its download budget (scripts/check-bundle-size.mjs).
 */
export async function signinWithPassword(body: SigninBody): Promise<SigninResponse> {
  const { postSignin } = await import('./post-signin');
  return postSignin(body);
}

type SigninState = { isPending: boolean; error: unknown; isError: boolean };

/**
 * The sign-in form's submit, without the query cache (the one page that does without it): its
 * error stays until the next attempt.
 */
export function useSignin() {
  const [state, setState] = useState<SigninState>({ isPending: false, error: null, isError: false });
  const mutate = useCallback((body: SigninBody, { onSuccess }: { onSuccess: (response: SigninResponse) => void }) => {
    setState({ isPending: true, error: null, isError: false });
    signinWithPassword(body).then(
      (response) => {
        setState({ isPending: false, error: null, isError: false });
        onSuccess(response);
      },
      (error: unknown) => setState({ isPending: false, error, isError: true }),
    );
  }, []);
  return { ...state, mutate };
}
