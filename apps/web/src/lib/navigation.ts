import { signin } from '@gerbang/contract';

/**
 * Lets non-React code (the API client) navigate. The router installs its own navigate at start;
 * until then a full page load does the job.
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setNavigate(next: Navigate): void {
  navigate = next;
}

export function navigateTo(to: string): void {
  navigate(to);
}

export const SIGN_IN_PATH = signin.path;
export const REDIRECT_PARAM = 'redirect';
const CHANGE_PASSWORD_PATH = '/change-password';

/**
 * Spec §2: sign-in with the encoded path plus query of where the user was; for /change-password
 * the redirect value is "/" (after a fresh sign-in there is no reason to land on that form).
 */
export function buildSignInUrl(pathname: string, search: string): string {
  const back = pathname === CHANGE_PASSWORD_PATH ? '/' : `${pathname}${search}`;
  return `${SIGN_IN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(back)}`;
}

/**
 * Where a signed-in user goes from a public page: the decoded redirect parameter, or "/".
 * Only same-site paths are accepted, so a crafted link cannot send a user to another site.
 */
export function resolveRedirectTarget(search: string): string {
  const value = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** Sends the browser to sign-in unless it is already there. */
export function redirectToSignIn(): void {
  const { pathname, search } = window.location;
  if (pathname === SIGN_IN_PATH) return;
  navigateTo(buildSignInUrl(pathname, search));
}
