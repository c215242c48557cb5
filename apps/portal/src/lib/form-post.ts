// The pages read a POST's body with Request.formData(), which throws a TypeError for any
// other body (a JSON or text post, a multipart post without its boundary): the page then
// answered a 500. Such a post is refused before the page, with the status that says why.
import { STATUS_CODES } from 'node:http';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;

function refusal(status: 400 | 415, message: string): Response {
  return new Response(message, {
    status,
    statusText: STATUS_CODES[status],
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(status === 415 ? { 'Accept-Post': FORM_TYPES.join(', ') } : {}),
    },
  });
}

/** A 415 or 400 answer for a POST whose body is not a readable form; null for a form (or another method). */
export async function refuseNonForm(request: Request): Promise<Response | null> {
  if (request.method !== 'POST') return null;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(FORM_TYPES as readonly string[]).includes(type)) {
    return refusal(415, `Forms are posted as ${FORM_TYPES.join(' or ')}.`);
  }
  // Read from a copy (bodies are bounded by MAX_BODY_BYTES), so the page still reads the original.
  const readable = await request
    .clone()
    .formData()
    .then(() => true)
    .catch(() => false);
  return readable ? null : refusal(400, 'The form in this request cannot be read.');
}
