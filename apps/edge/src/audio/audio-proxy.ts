// AUDIO_MODE=proxy: a remote reciter's file is answered from the disk cache, or fetched
// from the upstream once (however many ask) and streamed on while it is kept. Listeners
// meet only this API: their addresses and listening never reach the upstream, and a file
// once kept plays while the upstream is slow or down.
import type { Context } from 'koa';
import { httpError, type ApiError } from '@ira/core/contract/errors';
import type { Config } from '@ira/core/runtime/config';
import { serviceLogger } from '@ira/core/runtime/observe/logger';
import { audioCacheLookups, countAudioCacheHit } from '@ira/core/runtime/observe/metrics';
import { openAudioCache, type AudioCache } from './audio-cache.ts';
import { createFills, type FillAnswer } from './cache-fill.ts';
import { sendMedia } from './send-media.ts';
import { createUpstream } from './upstream.ts';

export interface AudioProxy {
  readonly cache: AudioCache;
  /** Answers with the file `key` (quran/<reciter-id>/SSSVVV.mp3): from the cache, else from `url` upstream. */
  serve(ctx: Context, key: string, url: string, cacheControl: string): Promise<void>;
  /** Resolves once no upstream fetch is under way. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

type ProxyConfig = Pick<
  Config,
  'audioCacheDir' | 'audioCacheMaxBytes' | 'audioUpstreamTimeoutMs' | 'audioUpstreamConcurrency'
>;

const log = serviceLogger('audio-proxy');

export async function openAudioProxy(config: ProxyConfig): Promise<AudioProxy> {
  const cache = await openAudioCache(config.audioCacheDir, config.audioCacheMaxBytes);
  const upstream = createUpstream({
    timeoutMs: config.audioUpstreamTimeoutMs,
    concurrency: config.audioUpstreamConcurrency,
  });
  const fills = createFills(upstream, cache);
  return {
    cache,
    async serve(ctx, key, url, cacheControl) {
      const cached = await cache.open(key);
      if (cached !== null) {
        countAudioCacheHit();
        await sendMedia(ctx, cached.file, cached.type, cacheControl);
        return;
      }
      audioCacheLookups.inc({ result: 'miss' });
      const answer = await fills.get(key, url);
      if (answer.kind === 'failed') {
        log.warn(`audio upstream: ${key}: ${answer.reason}: ${answer.detail}`);
        throw upstreamError(answer.reason);
      }
      await sendMedia(ctx, answer.source, answer.type, cacheControl);
    },
    settled: fills.settled,
    async close() {
      await upstream.close();
    },
  };
}

/** no-store: the next request may find the upstream back, or the file there. */
function upstreamError(reason: Extract<FillAnswer, { kind: 'failed' }>['reason']): ApiError {
  const noStore = { 'Cache-Control': 'no-store' };
  if (reason === 'not_found') return httpError(404, 'No audio file at this address.', {}, noStore);
  if (reason === 'timeout') return httpError(504, 'The audio upstream did not answer in time.', {}, noStore);
  return httpError(502, 'The audio upstream is unavailable.', {}, noStore);
}
