// The portal's pages answer GET and HEAD, and POST for their forms. Any other method is
// refused here, before Astro, which builds a Request from it: TRACE failed there (a 500 and a
// stack in the log each time) and PUT, PATCH and DELETE rendered the pages as if they were GETs.
import type http from 'node:http';
import { httpError } from '@ira/core/contract/errors';
import { writeError } from '@ira/core/runtime/serve';

export const PAGE_METHODS = 'GET, HEAD, POST';
const ALLOWED = new Set(PAGE_METHODS.split(', '));

/** Answers 405 and returns true for a method the pages do not take; false otherwise. */
export function refuseOtherMethods(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (ALLOWED.has(req.method ?? '')) return false;
  writeError(res, httpError(405, `${req.method} is not allowed here (${PAGE_METHODS}).`, {}, { Allow: PAGE_METHODS }));
  return true;
}
