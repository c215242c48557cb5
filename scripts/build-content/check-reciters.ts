// Validates static-data/source/reciters.json, naming the reciter and the field, e.g.
// `reciters.json: reciter "alafasy": source.base_url must be an https URL ending in /`.
import {
  AUDIO_LAYOUT,
  RECITER_LANGUAGES,
  RECITER_STYLES,
  type Checked,
  type Reciter,
  type ReciterSourceLocation,
} from './content-types.ts';

const FILE = 'reciters.json';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RECITER_KEYS = ['id', 'name', 'language', 'style', 'bitrate', 'source'];

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isHttpsDirectory(value: unknown): boolean {
  if (typeof value !== 'string' || !value.endsWith('/')) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.search === '' && url.hash === '' && url.href === value;
  } catch {
    return false;
  }
}

function checkSource(source: unknown): string[] {
  if (!isObject(source)) return ['source must be an object'];
  const problems: string[] = [];
  const layoutOk = source.layout === AUDIO_LAYOUT || (source.type === 'local' && source.layout === undefined);
  if (!layoutOk) problems.push(`source.layout must be exactly "${AUDIO_LAYOUT}"`);
  if (source.type === 'remote') {
    if (!isHttpsDirectory(source.base_url)) problems.push('source.base_url must be an https URL ending in /');
    for (const key of Object.keys(source)) {
      if (!['type', 'base_url', 'layout'].includes(key)) problems.push(`unknown field source.${key}`);
    }
  } else if (source.type === 'local') {
    if (typeof source.dir !== 'string' || !SLUG.test(source.dir))
      problems.push('source.dir must be a lowercase slug (a-z, 0-9, -)');
    for (const key of Object.keys(source)) {
      if (!['type', 'dir', 'layout'].includes(key)) problems.push(`unknown field source.${key}`);
    }
  } else {
    problems.push('source.type must be "remote" or "local"');
  }
  return problems;
}

function checkReciter(reciter: Fields): string[] {
  const problems = Object.keys(reciter)
    .filter((key) => !RECITER_KEYS.includes(key))
    .map((key) => `unknown field ${key}`);
  if (typeof reciter.id !== 'string' || !SLUG.test(reciter.id))
    problems.push('id must be a lowercase slug (a-z, 0-9, -)');
  if (typeof reciter.name !== 'string' || reciter.name.trim() === '') problems.push('name must be a non-empty string');
  if (!(RECITER_LANGUAGES as readonly unknown[]).includes(reciter.language)) {
    problems.push(`language must be one of ${RECITER_LANGUAGES.join(', ')}`);
  }
  if (!(RECITER_STYLES as readonly unknown[]).includes(reciter.style)) {
    problems.push(`style must be one of ${RECITER_STYLES.join(', ')}`);
  }
  if (!Number.isSafeInteger(reciter.bitrate) || (reciter.bitrate as number) <= 0) {
    problems.push('bitrate must be a positive integer (kbps)');
  }
  return [...problems, ...checkSource(reciter.source)];
}

function label(reciter: unknown, position: number): string {
  const id =
    isObject(reciter) && typeof reciter.id === 'string' && reciter.id !== '' ? `"${reciter.id}"` : String(position);
  return `${FILE}: reciter ${id}`;
}

/** Ids and names must be unique: the `reciter` query matches either, case-insensitively. */
function duplicates(reciters: Reciter[]): string[] {
  const problems: string[] = [];
  for (const field of ['id', 'name'] as const) {
    const seen = new Map<string, number>();
    reciters.forEach((reciter, index) => {
      const key = reciter[field].trim().toLowerCase();
      const first = seen.get(key);
      if (first !== undefined) problems.push(`${label(reciter, index + 1)}: ${field} duplicates reciter ${first}`);
      else seen.set(key, index + 1);
    });
  }
  return problems;
}

export function checkReciters(raw: unknown): Checked<Reciter[]> {
  if (!Array.isArray(raw) || raw.length === 0) {
    return { ok: false, errors: [`${FILE}: must be a non-empty JSON array of reciters`] };
  }
  const errors: string[] = [];
  raw.forEach((reciter: unknown, index) => {
    if (!isObject(reciter)) errors.push(`${label(reciter, index + 1)}: must be an object`);
    else for (const problem of checkReciter(reciter)) errors.push(`${label(reciter, index + 1)}: ${problem}`);
  });
  if (errors.length > 0) return { ok: false, errors };
  const reciters = (raw as Fields[]).map(copyReciter);
  const duplicated = duplicates(reciters);
  return duplicated.length > 0 ? { ok: false, errors: duplicated } : { ok: true, value: reciters };
}

/** A fresh record in the dist key order; local sources get the layout spelled out. */
function copyReciter(raw: Fields): Reciter {
  const source = raw.source as Fields;
  const location: ReciterSourceLocation =
    source.type === 'remote'
      ? { type: 'remote', base_url: source.base_url as string, layout: AUDIO_LAYOUT }
      : { type: 'local', dir: source.dir as string, layout: AUDIO_LAYOUT };
  const { id, name, language, style, bitrate } = raw as unknown as Reciter;
  return { id, name, language, style, bitrate, source: location };
}
