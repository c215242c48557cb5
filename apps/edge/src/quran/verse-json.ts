// Assembles verse objects from prepared byte slices (static-data/dist format):
// base + ',"text":{' + selected pairs + '}' + ',"audio":' + links + '}'.
import type { PreparedVerse, TextLanguage } from './surah-slices.ts';

const TEXT_OPEN = Buffer.from(',"text":{');
const AUDIO_OPEN = Buffer.from('},"audio":');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from('}');
const TEXT_AND_VERSE_CLOSE = Buffer.from('}}');

/** Appends the verse's parts to `out` (one Buffer.concat at the end is the only copy); no `audio` key when audioJson is null. */
export function pushVerse(
  out: Buffer[],
  verse: PreparedVerse,
  languages: readonly TextLanguage[],
  audioJson: Buffer | null,
): void {
  out.push(verse.base, TEXT_OPEN);
  languages.forEach((lang, index) => {
    if (index > 0) out.push(COMMA);
    out.push(verse.text[lang]);
  });
  if (audioJson === null) out.push(TEXT_AND_VERSE_CLOSE);
  else out.push(AUDIO_OPEN, audioJson, CLOSE);
}

export function verseJson(verse: PreparedVerse, languages: readonly TextLanguage[], audioJson: Buffer | null): Buffer {
  const out: Buffer[] = [];
  pushVerse(out, verse, languages, audioJson);
  return Buffer.concat(out);
}

/** `{"surah":…,"pagination":…,"verses":[…]}`, the data of /quran/surah/{number}, in parts for the envelope to join. */
export function surahPageJson(record: Buffer, pagination: object, verses: (out: Buffer[]) => void): Buffer[] {
  const out: Buffer[] = [
    Buffer.from('{"surah":'),
    record,
    Buffer.from(`,"pagination":${JSON.stringify(pagination)},"verses":[`),
  ];
  verses(out);
  out.push(Buffer.from(']}'));
  return out;
}

export { COMMA as VERSE_SEPARATOR };
