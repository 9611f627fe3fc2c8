import { userSchema } from './user';

/** Disabling ends every session of the user at once. */
export const disableUser = { method: 'POST', path: '/users/:id/disable' } as const;
export const enableUser = { method: 'POST', path: '/users/:id/enable' } as const;
/** Only for users still in `invited` status; the previous link stops working. */
export const resendActivation = { method: 'POST', path: '/users/:id/resend-activation' } as const;

export const userActionResponseSchema = userSchema;
