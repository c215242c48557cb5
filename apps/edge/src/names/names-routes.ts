// /api/v1/asma-ul-husna: the 99 Names (spec "99 Names", docs/api-decisions.md). Each route
// returns its data (content-response/content-answer.ts); a name carries a signed `audio`
// link when its file exists.
import { randomInt } from 'node:crypto';
import { ApiError, badRequest, namesError } from '@ira/core/contract/errors';
import { singleParam, valueOrThrow, wholeNumber } from '@ira/core/contract/params';
import { hasControlCharacter } from '@ira/core/text/unprintable';
import { nameAudioPath } from '../audio/audio-links.ts';
import type { MediaCatalog } from '../audio/media-catalog.ts';
import type { UrlSigner } from '../audio/url-signer.ts';
import type { ContentAnswer, ContentEndpoints } from '../content-response/content-answer.ts';
import type { NameRecordBytes, NamesContent } from './names-content.ts';
import { searchNames } from './search.ts';

// Longer than any spelling or meaning phrase a name is searched by; bounds one search's work.
export const MAX_NAMES_QUERY_CHARS = 200;
export const NAMES_QUERY_ERROR =
  `q must be at most ${MAX_NAMES_QUERY_CHARS} characters, ` +
  'without control characters (such as NUL or a line break)';

const SERVICE = 'asma-ul-husna';

export interface NamesRouteDeps {
  names: NamesContent;
  media: MediaCatalog;
  signer: UrlSigner;
}

export function createNamesRoutes(deps: NamesRouteDeps): ContentEndpoints {
  const { names, media } = deps;
  const one = (number: number, issuedMs: number): ContentAnswer => ({
    data: withAudio(names.byNumber.get(number)!, deps, issuedMs),
    hasLinks: media.hasName(number),
  });
  const many = (numbers: readonly number[], issuedMs: number): ContentAnswer => ({
    data: jsonArray(numbers.map((number) => withAudio(names.byNumber.get(number)!, deps, issuedMs))),
    count: numbers.length,
    hasLinks: numbers.some((number) => media.hasName(number)),
  });

  return {
    listNames: {
      service: SERVICE,
      keep: 'step',
      answer: (_ctx, { issuedMs }) =>
        many(
          names.records.map((record) => record.number),
          issuedMs,
        ),
    },
    randomName: {
      service: SERVICE,
      keep: 'never',
      answer: (_ctx, { issuedMs }) => one(names.records[randomInt(names.records.length)]!.number, issuedMs),
    },
    searchNames: {
      service: SERVICE,
      keep: 'step',
      answer(ctx, { issuedMs }) {
        // The Names' 400s have the spec's `{ success, error }` body.
        const q = valueOrThrow(singleParam(ctx.query, 'q'), namesError);
        if (q === undefined || q.trim() === '') {
          throw namesError('q query parameter is required');
        }
        if (q.length > MAX_NAMES_QUERY_CHARS || hasControlCharacter(q)) {
          throw namesError(NAMES_QUERY_ERROR);
        }
        return many(searchNames(names.search, q), issuedMs);
      },
    },
    // docs/api-decisions.md: without a day, today's UTC day of the month picks the name.
    dailyName: {
      service: SERVICE,
      keep: 'daily',
      answer: (_ctx, { issuedMs }) => one(new Date().getUTCDate(), issuedMs),
    },
    dailyNameForDay: {
      service: SERVICE,
      keep: 'step',
      answer(ctx, { issuedMs }) {
        const raw = ctx.params.day!;
        const day = wholeNumber(raw);
        if (day === null || day < 1 || day > names.records.length) {
          throw badRequest(`day must be an integer from 1 to ${names.records.length}, got "${raw}".`);
        }
        return one(day, issuedMs);
      },
    },
    getName: {
      service: SERVICE,
      keep: 'step',
      answer(ctx, { issuedMs }) {
        const raw = ctx.params.number!;
        const number = wholeNumber(raw);
        if (number === null) throw namesError('number must be a valid integer');
        if (!names.byNumber.has(number)) {
          throw new ApiError(404, { success: false, error: `Name number ${canonicalInteger(raw)} not found` });
        }
        return one(number, issuedMs);
      },
    },
  };
}

/** The record with `"audio":"<signed url>"` right after `name` when its file exists. */
function withAudio(record: NameRecordBytes, deps: NamesRouteDeps, issuedMs: number): Buffer {
  if (!deps.media.hasName(record.number)) return record.bytes;
  const url = deps.signer.url(nameAudioPath(record.number), issuedMs);
  return Buffer.concat([record.head, Buffer.from(`,"audio":${JSON.stringify(url)}`), record.tail]);
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

function jsonArray(items: Buffer[]): Buffer[] {
  const parts: Buffer[] = [OPEN];
  items.forEach((item, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(CLOSE);
  return parts;
}

/** "007" → "7", "-0" → "0": the number as a person would write it, however long. */
function canonicalInteger(raw: string): string {
  const sign = raw.startsWith('-') ? '-' : '';
  const digits = raw.replace(/^[+-]/, '').replace(/^0+(?=\d)/, '');
  return digits === '0' ? '0' : `${sign}${digits}`;
}
