import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS, placesFixture, placesFixtureText } from '../test-support/places-fixture.ts';
import { createPlaceIndex } from './place-index.ts';
import { CANDIDATES_SHOWN, resolveCity } from './resolve-city.ts';

const places = createPlaceIndex(placesFixtureText());
const { gazetteer } = places;

function resolve(city: string, country?: string) {
  const resolution = resolveCity(
    gazetteer,
    places.search,
    city,
    country === undefined ? null : places.country(country),
  );
  if (resolution.kind === 'found') return { kind: 'found', id: gazetteer.ids[resolution.index] };
  if (resolution.kind === 'ambiguous')
    return { kind: 'ambiguous', ids: resolution.candidates.map((index) => gazetteer.ids[index]) };
  return resolution;
}

describe('resolveCity', () => {
  it('takes the best match when the next one of its kind is at most a tenth as populous', () => {
    // London, GB: 8 961 989 people; London, Ontario: 346 765.
    expect(resolve('London')).toEqual({ kind: 'found', id: FIXTURE_IDS.londonGb });
    expect(resolve('Medina')).toEqual({ kind: 'found', id: FIXTURE_IDS.medina });
    expect(resolve('Makkah')).toEqual({ kind: 'found', id: FIXTURE_IDS.mecca });
  });

  it('asks the caller to choose between matches of one kind and comparable size, in one country or several', () => {
    expect(resolve('Springfield')).toEqual({
      kind: 'ambiguous',
      ids: [FIXTURE_IDS.springfieldMo, FIXTURE_IDS.springfieldMa, FIXTURE_IDS.springfieldIl],
    });
    expect(resolve('Hyderabad')).toEqual({
      kind: 'ambiguous',
      ids: [FIXTURE_IDS.hyderabadIn, FIXTURE_IDS.hyderabadPk],
    });
  });

  it('lets the country settle it', () => {
    expect(resolve('Hyderabad', 'PK')).toEqual({ kind: 'found', id: FIXTURE_IDS.hyderabadPk });
    expect(resolve('London', 'CA')).toEqual({ kind: 'found', id: FIXTURE_IDS.londonCa });
  });

  it('reports no match', () => {
    expect(resolve('Douha')).toEqual({ kind: 'none' });
    expect(resolve('London', 'QA')).toEqual({ kind: 'none' });
  });

  it(`lists at most ${CANDIDATES_SHOWN} candidates, the most populous`, () => {
    const file = placesFixture();
    // Seven more towns called Springfield, of 20 000 to 26 000 people (made-up ids after GeoNames' largest here).
    for (let i = 0; i < 7; i++)
      file.places.push([
        9_000_001 + i,
        'Springfield',
        'US',
        4,
        40 + i,
        -90,
        0,
        20_000 + i * 1_000,
        null,
        null,
        null,
        [],
      ]);
    const crowded = createPlaceIndex(placesFixtureText(file));
    const resolution = resolveCity(crowded.gazetteer, crowded.search, 'Springfield', null);
    expect(resolution.kind).toBe('ambiguous');
    const ids =
      resolution.kind === 'ambiguous' ? resolution.candidates.map((index) => crowded.gazetteer.ids[index]) : [];
    expect(ids).toEqual([
      FIXTURE_IDS.springfieldMo,
      FIXTURE_IDS.springfieldMa,
      FIXTURE_IDS.springfieldIl,
      9_000_007,
      9_000_006,
    ]);
  });
});
