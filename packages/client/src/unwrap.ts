// The API lays out its success bodies in three ways, and the SDK returns what is inside:
// - the `wrapped` layout (RESPONSE_LAYOUT=wrapped, the default) puts the prayer-time,
//   Qibla and Hijri bodies in `{ status, ok, url, data }`; `flat` sends them bare;
// - Qibla, Hijri, the 99 Names, the Quran and places answer `{ success, service, data, … }`;
// - prayer times are the result itself (no envelope); wrapped, `timestamp`, `api_info` and
//   `rateLimit` sit beside it.
// So a Qibla result is `body.data.data` on a wrapped deployment and `body.data` on a flat one.
import { ApiError } from './api-error.ts';
import type { BodyLayout } from './endpoints.ts';

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ status, ok, url, data }`: the shell of the wrapped layout (no resource has these four fields). */
function isWrappedLayout(body: Fields): boolean {
  return (
    typeof body.status === 'number' && typeof body.ok === 'boolean' && typeof body.url === 'string' && 'data' in body
  );
}

/** The body without the wrapped layout's shell; a flat body as it is. */
export function unwrapLayout(body: unknown): unknown {
  return isObject(body) && isWrappedLayout(body) ? body.data : body;
}

/**
 * A prayer-time result without what the wrapped layout adds beside it (a flat body has
 * none of these), so both layouts give the same object.
 */
function withoutResponseFields(result: Fields): Fields {
  const { timestamp: _timestamp, api_info: _apiInfo, rateLimit: _rateLimit, ...rest } = result;
  return rest;
}

/** The resource inside a success body of the given layout; an ApiError when the body is not that layout. */
export function unwrapBody(layout: BodyLayout, body: unknown, status: number, url: string): unknown {
  if (layout === 'text' || layout === 'document') return body;
  const inner = unwrapLayout(body);
  if (layout === 'result' && isObject(inner)) return withoutResponseFields(inner);
  if (layout === 'envelope' && isObject(inner) && inner.success === true && 'data' in inner) return inner.data;
  const expected = layout === 'result' ? 'a JSON object' : 'the `{ success, service, data }` envelope';
  throw new ApiError({ status, message: `The response is not ${expected}.`, body, url });
}
