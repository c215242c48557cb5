import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECITER_IDS } from './reciter-ids.ts';

describe('RECITER_IDS', () => {
  it("is the catalogue's reciters, in its order", () => {
    const url = new URL('../../../../static-data/source/reciters.json', import.meta.url);
    const catalogue = JSON.parse(readFileSync(url, 'utf8')) as Array<{ id: string }>;
    expect(RECITER_IDS).toEqual(catalogue.map((reciter) => reciter.id));
  });
});
