import { userSchema } from './user';

export const getUser = { method: 'GET', path: '/users/:id' } as const;
export const getUserResponseSchema = userSchema;
