import { type CurrentUser, ROLE, SERVER_EVENTS, type TokenPair } from '@gerbang/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { clearTokens, hasBothTokens, setTokens, subscribeTokens } from './auth-tokens';
import { checkCurrentUser, getCurrentUserState, signedIn, subscribeCurrentUser } from './current-user-store';
import { afterFirstFrame } from './first-frame';
import { disconnectRealtime, onRealtimeReconnect, useRealtimeEvent } from './realtime-store';
import { forgetUser } from './remembered-user';

export type Session = {
  user: CurrentUser | null;
  isLoggedIn: boolean;
  isLoading: boolean;
  isStaff: boolean;
  isSubAdmin: boolean;
  signIn(tokens: TokenPair, user: CurrentUser): void;
  logout(): Promise<void>;
  refetchUser(): Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

/**
 * The session for every page: the stored tokens and the current-user check's answer
 * (./current-user-store). Kept free of the query cache, which the sign-in page does without.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const hasTokens = useSyncExternalStore(subscribeTokens, hasBothTokens, () => false);
  const { user: checkedUser } = useSyncExternalStore(subscribeCurrentUser, getCurrentUserState, getCurrentUserState);

  // Spec §4: the check runs when a session appears (another tab signed in, a page opened with
  // stored tokens) and again when the operator comes back to a tab whose answer is stale.
  useEffect(() => {
    if (!hasTokens) return;
    void checkCurrentUser();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkCurrentUser();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [hasTokens]);

  const user = hasTokens ? checkedUser : null;
  const isLoggedIn = user !== null;

  useEffect(() => {
    if (!isLoggedIn) {
      disconnectRealtime();
      return;
    }
    // socket.io loads only for a signed-in user; a sign-out before it arrives cancels the connect.
    let isCurrent = true;
    void afterFirstFrame()
      .then(() => import('./realtime'))
      .then(({ connectRealtime }) => {
        if (isCurrent) connectRealtime();
      });
    // After a lost connection the user may have changed meanwhile (the page's own data is
    // refreshed by the query cache).
    const stopResync = onRealtimeReconnect(() => void checkCurrentUser({ force: true }));
    return () => {
      isCurrent = false;
      stopResync();
    };
  }, [isLoggedIn]);

  useEffect(() => () => disconnectRealtime(), []);

  const refetchUser = useCallback(() => checkCurrentUser({ force: true }), []);

  useRealtimeEvent(SERVER_EVENTS.merchantTriggerAvailableBalance, () => void refetchUser());
  useRealtimeEvent(SERVER_EVENTS.sessionEnded, (payload) => {
    // An expired token is refreshed by the realtime client; any other end is final.
    if (payload.reason !== 'expired') clearTokens();
  });

  const signIn = useCallback((tokens: TokenPair, signedInUser: CurrentUser) => {
    signedIn(signedInUser);
    setTokens(tokens);
    // Spec §4: the current-user check also runs when the login state changes.
    void checkCurrentUser({ force: true });
  }, []);

  const logout = useCallback(async () => {
    try {
      const { requestLogout } = await import('./session-requests');
      await requestLogout();
    } catch {
      // The local session ends whatever the server says; its tokens are short-lived or revoked.
    } finally {
      disconnectRealtime();
      clearTokens();
      forgetUser();
    }
  }, []);

  const value = useMemo<Session>(
    () => ({
      user,
      isLoggedIn,
      isLoading: hasTokens && user === null,
      isStaff: user?.roleId === ROLE.Staff,
      isSubAdmin: user?.roleId === ROLE.SubAdmin,
      signIn,
      logout,
      refetchUser,
    }),
    [user, isLoggedIn, hasTokens, signIn, logout, refetchUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
