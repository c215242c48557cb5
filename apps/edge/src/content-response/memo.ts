// The content memo: the envelope bytes of answers asked for more than once, replayed for the
// rest of their link step. Within a step the data is the same by construction: the tree
// never changes while the edge runs, an answer's signed links are issued once per step
// (url-signer.ts), and a media rescan that finds other audio files starts a new generation.
// Replaying saves assembling the answer and signing its links (a mushaf page signs ~200).
// A request asked for only once is not kept, so a stream of one-off reads (new searches)
// leaves nothing for the collector. Bench: quran-page-varying, quran-search-*-distinct-2k.
import { createAskedBefore } from '@ira/core/runtime/asked-before';
import { LRUCache } from 'lru-cache';
import { deflateOnce, type DeflatedBytes } from './gzip-member.ts';
import type { Tagged } from './validators.ts';

/** Bytes of kept answers at most (every mushaf page with links is ~25 MB; a whole Al-Baqarah ~1.4 MB). */
export const CONTENT_MEMO_MAX_BYTES = 32 * 1024 * 1024;
/** What an entry costs beside its bytes (key, object). */
const ENTRY_OVERHEAD_BYTES = 512;
/** Requests remembered as asked for once, so their next ask is kept. */
const ASKED_ONCE_MAX = 50_000;

export interface KeptAnswer extends Tagged {
  /** The envelope up to its per-request tail. */
  prefix: Buffer;
  hasLinks: boolean;
  /** What a replay needs of its endpoint: `api_info` and the route pattern. */
  apiInfoJson: string;
  routePath: string;
  /** For an answer that changes with the UTC date (today's Name): the date it was made for. */
  day?: string;
  /** The link step it was made in and the media generation it was made with. */
  issuedMs: number;
  generation: number;
  /** Its bytes deflated once for gzip replays (gzip-member.ts); null if that failed. */
  deflated?: DeflatedBytes | null;
  /** Whether that deflate has started (at the first gzip ask). */
  deflateStarted?: boolean;
}

export interface ContentMemo {
  /** The answer kept for `key` if it was made in the step issued at `issuedMs` with media `generation`. */
  get(key: string, issuedMs: number, generation: number): KeptAnswer | undefined;
  /** Whether an answer to `key` is kept, of whatever step or media generation. */
  holds(key: string): boolean;
  /** Keeps `answer` for `key` if `key` was asked for before; says whether it did. */
  offer(key: string, answer: KeptAnswer): boolean;
  /**
   * The kept answer's deflated bytes, or null while its one deflate is under way (started by
   * the first gzip ask) or if it failed: a gzip replay meanwhile goes as it is rather than waiting
   * for the thread pool or compressing on its own (bench: quran-page-varying-gzip, its p99).
   */
  deflated(key: string, answer: KeptAnswer): DeflatedBytes | null;
}

/** FNV-1a over the UTF-16 code units: a cheap, well-spread hash of a request key. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * Where in each link step the answer to `key` issues its links: a whole second of its own,
 * so kept answers turn one after another through the step rather than all at once.
 */
export function linkPhaseMs(key: string, stepMs: number): number {
  return (fnv1a(key) % Math.max(1, stepMs / 1000)) * 1000;
}

export function createContentMemo(maxBytes: number = CONTENT_MEMO_MAX_BYTES): ContentMemo {
  const answers = new LRUCache<string, KeptAnswer>({
    maxSize: maxBytes,
    sizeCalculation: (answer) => answer.prefix.length + (answer.deflated?.deflated.length ?? 0) + ENTRY_OVERHEAD_BYTES,
  });
  const askedBefore = createAskedBefore(ASKED_ONCE_MAX);

  return {
    get(key, issuedMs, generation) {
      const kept = answers.get(key);
      return kept?.issuedMs === issuedMs && kept.generation === generation ? kept : undefined;
    },
    holds: (key) => answers.has(key),
    offer(key, answer) {
      if (!askedBefore(key)) return false;
      answers.set(key, answer);
      return true;
    },
    deflated(key, answer) {
      if (answer.deflateStarted) return answer.deflated ?? null;
      answer.deflateStarted = true;
      deflateOnce(answer.prefix).then(
        (deflated) => {
          answer.deflated = deflated;
          // lru-cache sizes an entry only when its value changes: put it back to count its deflated bytes.
          if (answers.peek(key) === answer) {
            answers.delete(key);
            answers.set(key, answer);
          }
        },
        (error: unknown) => {
          console.error('content memo: deflating a kept answer failed; its replays go uncompressed', error);
          answer.deflated = null;
        },
      );
      return null;
    },
  };
}
