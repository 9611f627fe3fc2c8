import { userSchema } from '../users/user';

export const currentUser = { method: 'GET', path: '/auth/current-user' } as const;
export const currentUserResponseSchema = userSchema;
