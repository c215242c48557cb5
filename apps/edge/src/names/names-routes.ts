// /api/v1/asma-ul-husna: the 99 Names (spec "99 Names", docs/api-decisions.md). Fixed paths
// (random, search, daily) are registered before /{number} so they win.
import { randomInt } from 'node:crypto';
import type { Handlers } from '@ira/core/runtime/route-table';
import type { Context } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { ApiError, badRequest } from '@ira/core/contract/errors';
import { usageOf } from '@ira/core/contract/openapi/endpoint-table';
import { nameAudioPath } from '../audio/audio-links.ts';
import type { MediaCatalog } from '../audio/media-catalog.ts';
import { linksIssuedAt, type UrlSigner } from '../audio/url-signer.ts';
import type { NameRecordBytes, NamesContent } from './names-content.ts';
import { searchNames } from './search.ts';
import { apiInfoJson, sendEnvelope } from '../content-response/envelope-response.ts';

const SERVICE = 'asma-ul-husna';
const INTEGER = /^[+-]?\d+$/;

export interface NamesRouteDeps {
  names: NamesContent;
  media: MediaCatalog;
  signer: UrlSigner;
}

export function createNamesRoutes(config: Pick<Config, 'portalUrl'>, deps: NamesRouteDeps): Handlers {
  const { names } = deps;
  // Usage templates come from the endpoint table (the OpenAPI document).
  const info = (path: string): string => apiInfoJson(config, usageOf(`/api/v1/asma-ul-husna${path}`));
  const listInfo = info('');
  const oneInfo = info('/{number}');
  const randomInfo = info('/random');
  const searchInfo = info('/search');
  const todayInfo = info('/daily');
  const dailyInfo = info('/daily/{day}');
  const sendOne = (ctx: Context, usageInfo: string, number: number): void =>
    sendEnvelope(
      ctx,
      SERVICE,
      usageInfo,
      withAudio(names.byNumber.get(number)!, deps, linksIssuedAt(ctx, deps.signer)),
    );

  return {
    listNames: function listNames(ctx) {
      const issuedMs = linksIssuedAt(ctx, deps.signer);
      sendEnvelope(
        ctx,
        SERVICE,
        listInfo,
        jsonArray(names.records.map((record) => withAudio(record, deps, issuedMs))),
        names.records.length,
      );
    },
    randomName: function randomName(ctx) {
      sendOne(ctx, randomInfo, names.records[randomInt(names.records.length)]!.number);
    },
    searchNames: function searchName(ctx) {
      const q = firstValue(ctx.query.q);
      if (q === undefined || q.trim() === '')
        throw new ApiError(400, { success: false, error: 'q query parameter is required' });
      const issuedMs = linksIssuedAt(ctx, deps.signer);
      const found = searchNames(names.search, q).map((number) =>
        withAudio(names.byNumber.get(number)!, deps, issuedMs),
      );
      sendEnvelope(ctx, SERVICE, searchInfo, jsonArray(found), found.length);
    },
    dailyName: function todaysName(ctx) {
      // docs/api-decisions.md: without a day, today's UTC day of the month picks the name.
      sendOne(ctx, todayInfo, new Date().getUTCDate());
    },
    dailyNameForDay: function dailyName(ctx) {
      const day = ctx.params.day!;
      if (!INTEGER.test(day) || Number(day) < 1 || Number(day) > names.records.length) {
        throw badRequest(`day must be an integer from 1 to ${names.records.length}, got "${day}".`);
      }
      sendOne(ctx, dailyInfo, Number(day));
    },
    getName: function nameByNumber(ctx) {
      const raw = ctx.params.number!;
      if (!INTEGER.test(raw)) throw new ApiError(400, { success: false, error: 'number must be a valid integer' });
      const number = Number(raw);
      if (!names.byNumber.has(number)) {
        throw new ApiError(404, { success: false, error: `Name number ${canonicalInteger(raw)} not found` });
      }
      sendOne(ctx, oneInfo, number);
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

function jsonArray(items: Buffer[]): Buffer {
  const parts: Buffer[] = [OPEN];
  items.forEach((item, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/** "007" → "7", "-0" → "0": the number as a person would write it, however long. */
function canonicalInteger(raw: string): string {
  const sign = raw.startsWith('-') ? '-' : '';
  const digits = raw.replace(/^[+-]/, '').replace(/^0+(?=\d)/, '');
  return digits === '0' ? '0' : `${sign}${digits}`;
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
