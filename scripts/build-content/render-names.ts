// Renders the 99 Names part of the tree: names/list.json, names/NN.json and
// names/search-index.json (record shape: spec "Name record" minus `audio`).
import { foldForSearch } from '@ira/core/text/fold';
import type { NameSource } from './content-types.ts';
import { jsonLines } from './json-lines.ts';

/** The public record in the contract's key order (languages.bn has no `arabic`). */
function nameRecord(source: NameSource): string {
  return JSON.stringify({
    number: source.number,
    name: source.name,
    languages: {
      en: {
        arabic: source.arabic,
        transliteration: source.en.transliteration,
        translation: source.en.translation,
        meaning: source.en.meaning,
      },
      bn: {
        transliteration: source.bn.transliteration,
        translation: source.bn.translation,
        meaning: source.bn.meaning,
      },
    },
  });
}

function searchEntry(source: NameSource): string {
  return JSON.stringify({
    number: source.number,
    fields: {
      arabic: foldForSearch(source.arabic),
      transliteration: foldForSearch(source.en.transliteration),
      translation: foldForSearch(source.en.translation),
      meaning: foldForSearch(source.en.meaning),
      bn_transliteration: foldForSearch(source.bn.transliteration),
      bn_translation: foldForSearch(source.bn.translation),
      bn_meaning: foldForSearch(source.bn.meaning),
    },
  });
}

/** Relative path → file text. names/NN.json is byte-identical to its list element. */
export function renderNames(names: readonly NameSource[]): Map<string, string> {
  const files = new Map<string, string>();
  const records = names.map(nameRecord);
  files.set('names/list.json', jsonLines(records));
  records.forEach((record, index) => {
    files.set(`names/${String(names[index]?.number).padStart(2, '0')}.json`, record);
  });
  files.set('names/search-index.json', jsonLines(names.map(searchEntry)));
  return files;
}
