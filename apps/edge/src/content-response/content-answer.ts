// What a content route returns: the `data` of its answer as JSON parts, and whether those
// carry signed links. The content response (respond.ts) wraps it in the envelope, keeps it,
// sets its validators and encodes it; a route never writes the response itself.
import type { RouterContext } from '@koa/router';
import type { JsonPart } from '@ira/core/contract/envelope';

export interface ContentAnswer {
  data: JsonPart | readonly JsonPart[];
  /** The envelope's `count`, for list answers. */
  count?: number;
  /** The data carries signed audio links: they bound how long a client may keep it. */
  hasLinks: boolean;
}

/** When an answer's signed links are issued (url-signer.ts), chosen by the content response. */
export interface LinkIssue {
  issuedMs: number;
}

/**
 * How an answer may be kept and replayed:
 * - `step`: the same request gets the same data for the rest of its link step;
 * - `daily`: the same, and the data changes with the UTC date (today's Name);
 * - `never`: a different answer every time (random picks).
 */
export type Keep = 'step' | 'daily' | 'never';

export interface ContentEndpoint {
  /** The envelope's `service`. */
  service: 'asma-ul-husna' | 'quran';
  keep: Keep;
  /** The data sources' attribution, in `api_info`. */
  attribution?: string;
  answer(ctx: RouterContext, links: LinkIssue): ContentAnswer | Promise<ContentAnswer>;
}

/** A feature's content endpoints, by the endpoint table's operationId. */
export type ContentEndpoints = Readonly<Record<string, ContentEndpoint>>;
