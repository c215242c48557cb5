// POST /signout ends the session (a form post, so the origin check guards it).
import type { APIRoute } from 'astro';

export const POST: APIRoute = async ({ session, redirect }) => {
  session?.destroy();
  return redirect('/', 303);
};

export const GET: APIRoute = ({ redirect }) => redirect('/', 303);
