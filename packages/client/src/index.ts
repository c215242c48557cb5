// @islamic-reference-api/client: a client for the Islamic Reference API whose every
// method returns the resource itself (README.md). Runs wherever fetch does: Node ≥ 18,
// Deno, Bun and browsers (the build compiles against no Node types).
export { IslamicReferenceApi, type CallOptions, type IslamicReferenceApiOptions } from './client.ts';
export { ApiError } from './api-error.ts';
export { DEFAULT_MAX_RETRY_WAIT_SECONDS, type FetchLike } from './transport.ts';
export { ENDPOINTS, SIGNED_AUDIO_OPERATIONS, type BodyLayout, type Endpoint, type OperationId } from './endpoints.ts';
export type * from './types.ts';
export type { components, operations, paths } from './schema.ts';
