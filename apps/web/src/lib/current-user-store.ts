import type { CurrentUser } from '@gerbang/contract';
import { clearTokens, hasBothTokens, subscribeTokens } from './auth-tokens';
import { afterFirstFrame } from './first-frame';
import { forgetUser, readRememberedUser, rememberUser } from './remembered-user';

/**
 * Who is signed in, as the current-user check last answered (spec §4), outside React so that
 * main.tsx starts the check before the first render and the sign-in page needs no query cache.
 * A check younger than a minute is not repeated; a failed one ends the session silently (§8).
 */
export type CurrentUserState = { user: CurrentUser | null; checkedAt: number };

const FRESH_FOR_MS = 60_000;
const listeners = new Set<() => void>();
let state: CurrentUserState = { user: null, checkedAt: 0 };
let inFlight: Promise<void> | null = null;
/** A forced check asked for while another was under way: it runs once that one has answered. */
let forcedAfter: Promise<void> | null = null;
/** Bumped when the session ends or changes hands: a late answer of an earlier one is dropped. */
let generation = 0;

function setState(next: CurrentUserState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getCurrentUserState(): CurrentUserState {
  return state;
}

export function subscribeCurrentUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * An empty answer fails the schema, which counts as a failed check. The HTTP client and the
 * schemas load here, after the console's first frame (the request would wait for it anyway).
 */
async function fetchCurrentUser(): Promise<CurrentUser> {
  await afterFirstFrame();
  const { requestCurrentUser } = await import('./session-requests');
  return requestCurrentUser();
}

/**
 * Runs the check; without `force`, only if the last one is stale, and joining one under way. A
 * forced check (the merchant's balance moved, the realtime connection came back) asked while
 * another is under way runs again after it: that one's answer may have been read before the move
 * (a payout paid while the check of its approval was on the wire left the dashboard's pending
 * balance stale). Any number of them meanwhile make one more check.
 */
export function checkCurrentUser({ force = false } = {}): Promise<void> {
  if (!hasBothTokens()) return Promise.resolve();
  if (inFlight && force) {
    if (!forcedAfter) {
      const queuedIn = generation;
      const queued: Promise<void> = inFlight.then(() => {
        if (forcedAfter === queued) forcedAfter = null;
        // Signed out or in as someone else meanwhile: that change ran its own check.
        if (queuedIn !== generation) return;
        return checkCurrentUser({ force: true });
      });
      forcedAfter = queued;
    }
    return forcedAfter;
  }
  if (inFlight) return inFlight;
  if (!force && state.user && Date.now() - state.checkedAt < FRESH_FOR_MS) return Promise.resolve();
  const started = generation;
  const check: Promise<void> = fetchCurrentUser()
    .then(
      (user) => {
        if (started !== generation) return;
        rememberUser(user);
        setState({ user, checkedAt: Date.now() });
      },
      () => {
        if (started === generation) clearTokens();
      },
    )
    .finally(() => {
      if (inFlight === check) inFlight = null;
    });
  inFlight = check;
  return check;
}

/**
 * Before the first render (main.tsx, which has read the remembered user already): the remembered
 * user lets the console draw at once, marked stale so the check runs anyway (its request goes
 * after the first frame: lib/first-frame.ts).
 */
export function startCurrentUserCheck(remembered: CurrentUser | null = readRememberedUser()): void {
  if (!hasBothTokens()) return;
  if (remembered && !state.user) setState({ user: remembered, checkedAt: 0 });
  // Without a remembered user the spinner waits for this check: its code loads now, not after the frame.
  if (!remembered) void import('./session-requests');
  void checkCurrentUser();
}

/** The sign-in page's answer is the user; the check runs again because the login state changed. */
export function signedIn(user: CurrentUser): void {
  generation += 1;
  inFlight = null;
  forcedAfter = null;
  rememberUser(user);
  setState({ user, checkedAt: 0 });
}

// Tokens gone (sign-out, failed refresh, another tab): the user is forgotten with them.
subscribeTokens(() => {
  if (hasBothTokens()) return;
  generation += 1;
  inFlight = null;
  forcedAfter = null;
  forgetUser();
  if (state.user) setState({ user: null, checkedAt: 0 });
});
