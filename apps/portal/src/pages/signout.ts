// POST /signout ends the session (a form post, so the origin check guards it)
// and tells the browser to clear this origin's storage: the try-it keeps the
// full key in the tab's sessionStorage, which must not outlive the sign-in.
import type { APIRoute } from 'astro';

export const POST: APIRoute = async ({ session }) => {
  session?.destroy();
  return new Response(null, { status: 303, headers: { Location: '/', 'Clear-Site-Data': '"storage"' } });
};

export const GET: APIRoute = ({ redirect }) => redirect('/', 303);
