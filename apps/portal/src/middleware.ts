// Runs before every page: loads the signed-in user from the session and sets
// the security headers every portal response carries.
import { STATUS_CODES } from 'node:http';
import { defineMiddleware } from 'astro:middleware';
import { DEPENDENCY_RETRY_AFTER_S, DependencyUnavailableError } from '@ira/core/runtime/dependency-error';
import { countDependencyError } from '@ira/core/runtime/observe/metrics';
import { isCrossSitePost } from './lib/client-origin.ts';
import { refuseNonForm } from './lib/form-post.ts';
import { portalConfig } from './lib/portal-config.ts';
import { portalStores } from './lib/store.ts';

// Styles are inlined by the build; the few client scripts (copy buttons, the
// docs filter, try-it conveniences) are files served by the portal itself
// (astro.config.ts keeps them out of the HTML), so scripts are 'self' only,
// never inline; forms may post back to the portal itself.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** While the store is down: a plain page that says so, and when to retry (never a 500). */
function unavailablePage(): Response {
  const body =
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Temporarily unavailable</title>' +
    '<h1>Temporarily unavailable</h1><p>The account database or the session store cannot be reached right now. ' +
    `Please try again in ${DEPENDENCY_RETRY_AFTER_S} seconds.</p></html>`;
  return new Response(body, {
    status: 503,
    statusText: STATUS_CODES[503],
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Retry-After': String(DEPENDENCY_RETRY_AFTER_S),
      'Cache-Control': 'no-store',
    },
  });
}

async function render(
  context: Parameters<Parameters<typeof defineMiddleware>[0]>[0],
  next: () => Promise<Response>,
): Promise<Response> {
  context.locals.user = null;
  const userId = await context.session?.get('userId').catch((error: unknown) => {
    // Sessions live in Redis when REDIS_URL is set: a failed read is Redis being down.
    throw new DependencyUnavailableError('Redis', error);
  });
  if (userId) {
    const user = await (await portalStores()).users.findUserById(userId);
    if (user) context.locals.user = { id: user.id, email: user.email };
  }
  return next();
}

/**
 * The response with its status's standard reason phrase (RFC 9110 §15): a page that sets
 * Astro.response.status keeps the default statusText, which made status lines read `401 OK`.
 */
function withReasonPhrase(response: Response): Response {
  const reason = STATUS_CODES[response.status];
  if (reason === undefined || response.statusText === reason || response.status === 101) return response;
  const { status, headers, body } = response;
  return new Response(body, { status, statusText: reason, headers });
}

export const onRequest = defineMiddleware(async (context, next) => {
  if (isCrossSitePost(context.request, portalConfig().portalUrl)) {
    return new Response(`Cross-site ${context.request.method} form submissions are forbidden`, {
      status: 403,
      statusText: STATUS_CODES[403],
      headers: { 'Cache-Control': 'no-store' },
    });
  }
  const refused = await refuseNonForm(context.request);
  if (refused) return refused;
  const rendered = await render(context, next).catch((error: unknown) => {
    if (!countDependencyError(error)) throw error;
    return unavailablePage();
  });
  const response = withReasonPhrase(rendered);
  response.headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  response.headers.set('X-Content-Type-Options', 'nosniff');
  response.headers.set('Referrer-Policy', 'same-origin');
  // A signed-in page shows the user's keys; an error page is about one request.
  if (context.locals.user || response.status >= 400) response.headers.set('Cache-Control', 'no-store');
  return response;
});
