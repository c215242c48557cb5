import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { curlExample, fetchExample } from './code-examples.ts';
import { examplePath, filterOperations, namesOptional, operationsOf, queryWords } from './operations.ts';
import { schemaVariants } from './schema-fields.ts';

const operations = operationsOf(openapiDocument);
const byId = (id: string) => operations.find((operation) => operation.id === id)!;

describe('operationsOf', () => {
  it('lists one operation per documented path', () => {
    expect(operations).toHaveLength(Object.keys(openapiDocument.paths).length);
    expect(byId('getQibla')).toMatchObject({ keyed: true, category: 'calculation', path: '/api/v1/qibla' });
    expect(byId('health').keyed).toBe(false);
  });

  it('offers the prayer-time rules, tune and timezone to the try-it form, with what they accept', () => {
    const parameters = byId('getPrayerTimes').parameters;
    const names = parameters.map((parameter) => parameter.name);
    for (const name of ['fajrAngle', 'ishaAngle', 'ishaInterval', 'maghribAngle', 'tune', 'timezone'])
      expect(names).toContain(name);
    expect(parameters.find((parameter) => parameter.name === 'tune')!.example).toBe('fajr:2,dhuhr:1,isha:-3');
    expect(parameters.find((parameter) => parameter.name === 'ishaInterval')!.type).toBe('integer');
  });
});

describe('the translations parameter', () => {
  it('is a multiple choice of every edition and language code on each verse read, with a comma-list example', () => {
    for (const id of ['getVerse', 'getSurah', 'getVerseRange', 'getJuz', 'listSajdaVerses', 'randomVerse']) {
      const parameter = byId(id).parameters.find((p) => p.name === 'translations')!;
      expect(parameter, id).toMatchObject({ multiple: true, type: 'array', example: 'id.indonesian,ur.jalandhry' });
      expect(parameter.allowed, id).toEqual(
        expect.arrayContaining(['id.indonesian', 'ur.jalandhry', 'en.sahih', 'fa']),
      );
    }
    expect(byId('listTranslations')).toMatchObject({ path: '/api/v1/quran/translations', keyed: true });
  });
});

describe('queryWords', () => {
  it('splits a filter query on any white space, lower-case, and a blank one into no words', () => {
    expect(queryWords('  highLatitudeRule\tQIBLA  lat ')).toEqual(['highlatituderule', 'qibla', 'lat']);
    expect(queryWords(' \n ')).toEqual([]);
  });

  it('is how filterOperations reads its query: every word must match, in any case; a blank query keeps all', () => {
    expect(filterOperations(operations, ' QIBLA\tLon ').map((operation) => operation.id)).toEqual([
      'getQibla',
      'getNearestPlace',
    ]);
    expect(filterOperations(operations, ' ')).toHaveLength(operations.length);
  });
});

describe('namesOptional', () => {
  it('is true when a word names part of an optional parameter, so the reference opens its fold', () => {
    expect(namesOptional(byId('getPrayerTimes'), queryWords('highLatitudeRule'))).toBe(true);
    expect(namesOptional(byId('getPrayerTimes'), queryWords('prayer tune'))).toBe(true);
  });

  it("is false for a required parameter's name and for no words", () => {
    expect(namesOptional(byId('getQibla'), queryWords('lat'))).toBe(false);
    expect(namesOptional(byId('getPrayerTimes'), [])).toBe(false);
  });
});

describe('examples', () => {
  it('fill path and required parameters with working values', () => {
    expect(examplePath(byId('getVerse'))).toBe('/api/v1/quran/verse/002255');
    expect(examplePath(byId('getQibla'))).toBe('/api/v1/qibla?lat=24.8607&lon=67.0011');
    expect(curlExample('http://x', byId('getName'))).toBe(
      'curl -H "X-API-Key: $IRA_API_KEY" "http://x/api/v1/asma-ul-husna/1"',
    );
    expect(fetchExample('http://x', byId('health'))).not.toContain('X-API-Key');
  });

  it('encode path values only where needed, so a verse key reads `2:255` in every example', () => {
    const verse = byId('getVerse');
    const byKey = {
      ...verse,
      parameters: verse.parameters.map((parameter) =>
        parameter.in === 'path' ? { ...parameter, example: '2:255' } : parameter,
      ),
    };
    expect(curlExample('http://x', byKey)).toBe(
      'curl -H "X-API-Key: $IRA_API_KEY" "http://x/api/v1/quran/verse/2:255"',
    );
  });
});

describe('schemaVariants', () => {
  it('gives both prayer-time layouts with their fields', () => {
    const response = byId('getPrayerTimes').responses.find((candidate) => candidate.status === '200')!;
    const [wrapped, flat] = schemaVariants(openapiDocument, response.schema!);
    expect(wrapped!.title).toBe('Wrapped layout');
    expect(wrapped!.rows.map((row) => row.path)).toContain('data.times.fajr.utc');
    expect(wrapped!.rows.map((row) => row.path)).toContain('data.rateLimit.nextResetAt');
    expect(flat!.rows.map((row) => row.path)).toContain('times.isha.local');
  });
});
