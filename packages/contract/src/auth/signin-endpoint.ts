export const signin = { method: 'POST', path: '/auth/signin' } as const;
