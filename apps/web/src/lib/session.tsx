import { type CurrentUser, ROLE, SERVER_EVENTS, type TokenPair } from '@gerbang/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { clearTokens, hasBothTokens, setTokens, subscribeTokens } from './auth-tokens';
import { disconnectRealtime, onRealtimeReconnect, useRealtimeEvent } from './realtime-store';
import { forgetUser, readRememberedUser, rememberUser } from './remembered-user';

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

export const CURRENT_USER_QUERY_KEY = ['auth', 'current-user'] as const;

/**
 * An empty answer fails the schema, which counts as a failed check (spec §4). The HTTP client
 * loads here, on first use, not with the sign-in page.
 */
export async function fetchCurrentUser(): Promise<CurrentUser> {
  const { requestCurrentUser } = await import('./session-requests');
  const user = await requestCurrentUser();
  rememberUser(user);
  return user;
}

/** The current-user check as SessionProvider runs it; one query, so starting it early is free. */
const currentUserQuery = {
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: fetchCurrentUser,
  retry: false,
  staleTime: 60_000,
} as const;

/**
 * Before the first render (main.tsx): the remembered user lets the console draw at once, marked
 * stale so the check runs anyway; the check starts now and SessionProvider joins it.
 */
export function prefetchCurrentUser(queryClient: QueryClient): void {
  const remembered = readRememberedUser();
  if (remembered) queryClient.setQueryData(CURRENT_USER_QUERY_KEY, remembered, { updatedAt: 0 });
  void queryClient.prefetchQuery(currentUserQuery);
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const hasTokens = useSyncExternalStore(subscribeTokens, hasBothTokens, () => false);
  const userQuery = useQuery({ ...currentUserQuery, enabled: hasTokens });
  const { isError, refetch } = userQuery;

  // Spec §8: a failed current-user check ends the session silently.
  useEffect(() => {
    if (!isError) return;
    clearTokens();
    queryClient.removeQueries({ queryKey: CURRENT_USER_QUERY_KEY });
  }, [isError, queryClient]);

  // Tokens gone (sign-out, failed refresh, another tab): drop every cached answer of that user.
  // Only on the change itself: signed-out pages (customer pages) keep their own queries.
  const hadTokensRef = useRef(hasTokens);
  useEffect(() => {
    if (hadTokensRef.current && !hasTokens) {
      queryClient.clear();
      forgetUser();
    }
    hadTokensRef.current = hasTokens;
  }, [hasTokens, queryClient]);

  const user = hasTokens ? (userQuery.data ?? null) : null;
  const isLoggedIn = user !== null;

  useEffect(() => {
    if (!isLoggedIn) {
      disconnectRealtime();
      return;
    }
    // socket.io loads only for a signed-in user; a sign-out before it arrives cancels the connect.
    let isCurrent = true;
    void import('./realtime').then(({ connectRealtime }) => {
      if (isCurrent) connectRealtime();
    });
    const stopResync = onRealtimeReconnect(() => void queryClient.invalidateQueries());
    return () => {
      isCurrent = false;
      stopResync();
    };
  }, [isLoggedIn, queryClient]);

  useEffect(() => () => disconnectRealtime(), []);

  const refetchUser = useCallback(async () => {
    await refetch();
  }, [refetch]);

  useRealtimeEvent(SERVER_EVENTS.merchantTriggerAvailableBalance, () => void refetchUser());
  useRealtimeEvent(SERVER_EVENTS.sessionEnded, (payload) => {
    // An expired token is refreshed by the realtime client; any other end is final.
    if (payload.reason !== 'expired') clearTokens();
  });

  const signIn = useCallback(
    (tokens: TokenPair, signedInUser: CurrentUser) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, signedInUser);
      rememberUser(signedInUser);
      setTokens(tokens);
      // Spec §4: the current-user check also runs when the login state changes.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    [queryClient],
  );

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
      queryClient.clear();
    }
  }, [queryClient]);

  const value = useMemo<Session>(
    () => ({
      user,
      isLoggedIn,
      isLoading: hasTokens && userQuery.isPending,
      isStaff: user?.roleId === ROLE.Staff,
      isSubAdmin: user?.roleId === ROLE.SubAdmin,
      signIn,
      logout,
      refetchUser,
    }),
    [user, isLoggedIn, hasTokens, userQuery.isPending, signIn, logout, refetchUser],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
