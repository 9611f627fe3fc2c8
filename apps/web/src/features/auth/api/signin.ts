import type { SigninAnswer, SigninBody, SigninResponse, SigninSecondFactorBody } from '@gerbang/contract';
import { useCallback, useState } from 'react';

/**
 * The HTTP client and the response schema load on submit, not with the sign-in page, which must
 * stay within its download budget (scripts/check-bundle-size.mjs).
 */
export async function signinWithPassword(body: SigninBody): Promise<SigninAnswer> {
  const { postSignin } = await import('./post-signin');
  return postSignin(body);
}

export async function signinWithCode(body: SigninSecondFactorBody): Promise<SigninResponse> {
  const { postSigninSecondFactor } = await import('./post-signin');
  return postSigninSecondFactor(body);
}

/** The browser's passkey library loads with this step too, only when the user chooses a passkey. */
export async function signinWithPasskey(challengeToken: string): Promise<SigninResponse> {
  const { postSigninWithPasskey } = await import('./post-signin');
  return postSigninWithPasskey(challengeToken);
}

type SigninState = { isPending: boolean; error: unknown; isError: boolean };

/**
 * The sign-in form's submit, without the query cache (the one page that does without it): its
 * error stays until the next attempt.
 */
export function useSignin() {
  return useSigninStep(signinWithPassword);
}

/** Sign-in's second step: the challenge and a code. */
export function useSigninWithCode() {
  return useSigninStep(signinWithCode);
}

/** Sign-in's second step: the challenge and a passkey. */
export function useSigninWithPasskey() {
  return useSigninStep(signinWithPasskey);
}

function useSigninStep<Body, Answer>(send: (body: Body) => Promise<Answer>) {
  const [state, setState] = useState<SigninState>({ isPending: false, error: null, isError: false });
  const mutate = useCallback(
    (body: Body, { onSuccess }: { onSuccess: (response: Answer) => void }) => {
      setState({ isPending: true, error: null, isError: false });
      send(body).then(
        (response) => {
          setState({ isPending: false, error: null, isError: false });
          onSuccess(response);
        },
        (error: unknown) => setState({ isPending: false, error, isError: true }),
      );
    },
    [send],
  );
  return { ...state, mutate };
}
