// The 99 Names, prepared once at start from names/NN.json: each record's bytes and
// the point right after its "name" value where a signed `audio` link is spliced in.
import { createSearchEntry, type IndexedFields, type SearchEntry } from './search.ts';
import type { ContentSource } from '@ira/core/runtime/content-source';

const NAME_FILE = /^names\/(\d{2})\.json$/;
// Key order of a record is fixed by the build: number, name, languages.
const LANGUAGES_KEY = Buffer.from(',"languages":');

export interface NameRecordBytes {
  number: number;
  /** The whole record, no audio. */
  bytes: Buffer;
  /** `bytes` up to the end of the "name" value; audio goes between head and tail. */
  head: Buffer;
  tail: Buffer;
}

export interface NamesContent {
  /** By number: byNumber.get(1) is Ar-Rahman. */
  byNumber: ReadonlyMap<number, NameRecordBytes>;
  /** In number order. */
  records: readonly NameRecordBytes[];
  search: readonly SearchEntry[];
}

interface ParsedRecord {
  number: number;
  name: string;
  languages: { en: { transliteration: string } };
}

export async function loadNames(source: ContentSource): Promise<NamesContent> {
  const files = Object.keys(source.manifest.files)
    .filter((file) => NAME_FILE.test(file))
    .sort();
  const records = await Promise.all(files.map(async (file) => prepareRecord(await source.read(file), file)));
  const index = JSON.parse((await source.read('names/search-index.json')).toString('utf8')) as Array<{
    number: number;
    fields: IndexedFields;
  }>;
  const byNumber = new Map(records.map((record) => [record.number, record]));
  const search = index.map(({ number, fields }) => {
    const parsed = byNumber.get(number);
    if (parsed === undefined) throw new Error(`names/search-index.json lists name ${number}, which has no record`);
    return createSearchEntry(number, fields, namesOf(parsed));
  });
  return { byNumber, records, search };
}

function prepareRecord(bytes: Buffer, file: string): NameRecordBytes {
  const splice = bytes.indexOf(LANGUAGES_KEY);
  if (splice === -1) throw new Error(`${file} has no "languages" key after "name"`);
  const number = Number(NAME_FILE.exec(file)![1]);
  return { number, bytes, head: bytes.subarray(0, splice), tail: bytes.subarray(splice) };
}

// Parsing one small record at start (never per request) for the ranking's name forms.
function namesOf(record: NameRecordBytes): string[] {
  const parsed = JSON.parse(record.bytes.toString('utf8')) as ParsedRecord;
  return [parsed.name, parsed.languages.en.transliteration];
}
