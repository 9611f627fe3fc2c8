/** Ends the user's other sessions; the calling session stays signed in. 204. The body: ./change-password. */
export const changePassword = { method: 'POST', path: '/auth/change-password' } as const;
