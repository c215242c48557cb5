// Runs before every page: loads the signed-in user from the session and sets
// the security headers every portal response carries.
import { defineMiddleware } from 'astro:middleware';
import { portalStore } from './lib/store.ts';

// Styles are inlined by the build; the few client scripts (copy buttons, the
// docs filter, try-it conveniences) are files served by the portal itself
// (astro.config.ts keeps them out of the HTML), so scripts are 'self' only,
// never inline; forms may post back to the portal itself.
const CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  const userId = await context.session?.get('userId');
  if (userId) {
    const user = await (await portalStore()).findUserById(userId);
    if (user) context.locals.user = { id: user.id, email: user.email };
  }
  const response = await next();
  response.headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  response.headers.set('X-Content-Type-Options', 'nosniff');
  response.headers.set('Referrer-Policy', 'same-origin');
  if (context.locals.user) response.headers.set('Cache-Control', 'no-store');
  return response;
});
