// Request parameters shared by every Quran route that returns verses: `lang`,
// `reciter` (one or a comma list) and `audio` (`none` leaves the links out).
import type { Context } from 'koa';
import { badRequest, notFound } from '@ira/core/contract/errors';
import type { VerseAudio } from '../audio/audio-links.ts';
import type { Reciter } from './quran-content.ts';
import type { TextLanguage } from './surah-slices.ts';
import { findReciter, parseLanguages, type Parsed } from './params.ts';

export const AUDIO_MODES = ['all', 'none'] as const;

export interface VerseOptions {
  languages: TextLanguage[];
  /** The reciters whose links to include; null when `audio=none`. */
  reciters: readonly Reciter[] | null;
}

export function valueOr400<T>(parsed: Parsed<T>): T {
  if ('error' in parsed) throw badRequest(parsed.error);
  return parsed.value;
}

/** Every reciter, or those `reciter` names (comma list or repeated); an unknown name is a 404. */
export function selectReciters(reciters: readonly Reciter[], raw: string | string[] | undefined): readonly Reciter[] {
  if (raw === undefined) return reciters;
  const wanted = [raw]
    .flat()
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  const selected = new Set<Reciter>();
  for (const name of wanted) {
    const reciter = findReciter(reciters, name);
    if (reciter === null) {
      throw notFound(
        `Unknown reciter "${name}". GET /api/v1/quran/reciters lists the available reciters (id or name).`,
      );
    }
    selected.add(reciter);
  }
  if (selected.size === 0) throw badRequest('reciter must name at least one reciter (id or name, comma-separated).');
  // Catalog order, whatever order they were asked in, so equal requests give equal bytes.
  return reciters.filter((reciter) => selected.has(reciter));
}

function parseAudioMode(raw: string | string[] | undefined): 'all' | 'none' {
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase() ?? 'all';
  if (value !== 'all' && value !== 'none')
    throw badRequest(`audio must be one of ${AUDIO_MODES.join(', ')}, got "${value}".`);
  return value;
}

/** lang, reciter and audio of a verse-returning request. A reciter is checked even with audio=none. */
export function verseOptions(ctx: Context, all: readonly Reciter[]): VerseOptions {
  const languages = valueOr400(parseLanguages(ctx.query.lang));
  const reciters = selectReciters(all, ctx.query.reciter);
  return { languages, reciters: parseAudioMode(ctx.query.audio) === 'none' ? null : reciters };
}

/** The verse's audio array bytes, or null to leave `audio` out. */
export function audioBytes(audio: VerseAudio, options: VerseOptions, verseId: string, issuedMs: number): Buffer | null {
  return options.reciters === null ? null : audio.json(options.reciters, verseId, issuedMs);
}
