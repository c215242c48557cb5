// Writes a success envelope around precomputed data bytes; only the timestamp
// and the guard's rateLimit are made per request (docs/architecture.md).
import type { Context } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import {
  apiInfo,
  envelopeWithTail,
  sendJsonBytes,
  type JsonPart,
  type RateLimitInfo,
  type Service,
} from '@ira/core/contract/envelope';

/** What a route sent, for the content memo: the bytes before the per-request tail, and the route's api_info. */
export interface SentEnvelope {
  prefix: Buffer;
  apiInfoJson: string;
}

/** JSON of `api_info` for one endpoint, computed once when the router is made. */
export function apiInfoJson(config: Pick<Config, 'portalUrl'>, usage: string, attribution?: string): string {
  return JSON.stringify(apiInfo(usage, `${config.portalUrl}/docs`, attribution));
}

/** `data` may come in parts: a page of verses is then copied once, into the body. */
export function sendEnvelope(
  ctx: Context,
  service: Service,
  info: string,
  data: JsonPart | readonly JsonPart[],
  count?: number,
): void {
  const rateLimit = ctx.state.rateLimit as RateLimitInfo | undefined;
  const { bytes, tailStart } = envelopeWithTail({ service, data, count, apiInfoJson: info, rateLimit });
  sendJsonBytes(ctx, bytes);
  ctx.state.sentEnvelope = { prefix: bytes.subarray(0, tailStart), apiInfoJson: info } satisfies SentEnvelope;
}
