/** Revokes the caller's session (refresh family) and closes its realtime connection. 204. */
export const logout = { method: 'POST', path: '/auth/logout' } as const;
