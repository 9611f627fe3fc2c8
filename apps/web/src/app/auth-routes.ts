import type { AppRoute } from './route-definition';

/** The public account pages both consoles share (sign in, activation, password reset), in spec order. */
export const AUTH_ROUTES: readonly AppRoute[] = [
  {
    path: '/auth/signin',
    titleKey: 'routes.signIn',
    isPublic: true,
    layout: 'auth',
    load: () => import('./routes/auth/signin'),
    withoutQueryCache: true,
  },
  {
    path: '/auth/activate',
    titleKey: 'routes.activateAccount',
    isPublic: true,
    layout: 'auth',
    load: () => import('./routes/auth/activate'),
  },
  {
    path: '/auth/reset-password',
    titleKey: 'routes.resetPassword',
    isPublic: true,
    layout: 'auth',
    load: () => import('./routes/auth/reset-password'),
  },
  {
    path: '/auth/forgot-password',
    titleKey: 'routes.forgotPassword',
    isPublic: true,
    layout: 'auth',
    load: () => import('./routes/auth/forgot-password'),
  },
];
