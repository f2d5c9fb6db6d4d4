import { createFileRoute } from '@tanstack/react-router';

/**
 * '?registered=1' after sign-up, '?reset=1' after a password reset, '?oauthError=' from the Google
 * redirect (its code is looked up by the page, login.lazy.tsx: the account rules stay out of the first
 * screen's code).
 */
export type LoginSearch = { registered?: 1; reset?: 1; oauthError?: string; redirect?: string };

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    ...(search.registered === 1 || search.registered === '1' ? { registered: 1 } : {}),
    ...(search.reset === 1 || search.reset === '1' ? { reset: 1 } : {}),
    ...(typeof search.oauthError === 'string' ? { oauthError: search.oauthError } : {}),
    // Where to go back after signing in (issue 25; checked again by features/auth/after-login.ts).
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  }),
});
