import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';

const BAD_REQUEST = {
  success: false,
  error: 'Bad Request',
  message: 'lat and lon are required and must be valid numbers.',
};
const USAGE = 'GET /api/v1/qibla?lat=LAT&lon=LON&api_key=YOUR_API_KEY'; // the endpoint table's template

let calc: CalcHarness;
let key: string;
const authed = (query: string) => calc.get(`/api/v1/qibla?${query}`, { headers: { 'X-API-Key': key } });

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('GET /api/v1/qibla, wrapped layout (default)', () => {
  it('builds url from the public base URL, whatever origin an absolute-form request line names', async () => {
    const query = `lat=51.5074&lon=-0.1278&date=2026-06-01&api_key=${key}`;
    const { port } = new URL(calc.base);
    const body = await new Promise<string>((resolve, reject) => {
      // RFC 9112 §3.2.2: a request target in absolute form, as a client talking to a proxy sends it.
      const request = http.get(
        { host: '127.0.0.1', port, path: `http://evil.example/api/v1/qibla?${query}` },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        },
      );
      request.on('error', reject);
    });
    expect(JSON.parse(body).url).toBe(`${calc.config.publicUrl}/api/v1/qibla?${query}`);
  });

  it('wraps the flat Qibla body plus rateLimit', async () => {
    const query = `lat=51.5074&lon=-0.1278&date=2026-06-01&api_key=${key}`;
    const { status, body } = await calc.get(`/api/v1/qibla?${query}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['status', 'ok', 'url', 'data']);
    expect(body).toMatchObject({ status: 200, ok: true, url: `${calc.config.publicUrl}/api/v1/qibla?${query}` });
    expect(Object.keys(body.data)).toEqual(['success', 'service', 'data', 'timestamp', 'api_info', 'rateLimit']);
    expect(body.data.success).toBe(true);
    expect(body.data.service).toBe('qibla-direction');
    expect(body.data.api_info).toEqual({ usage: USAGE, version: 'v1', docs: `${calc.config.portalUrl}/docs` });
    expect(body.data.rateLimit).toMatchObject({ category: 'calculation', limit: 1_000_000 });
    expect(body.data.data).toEqual({
      qibla_direction: 'Southeast',
      compass_bearing: 118.99,
      location: { latitude: 51.5074, longitude: -0.1278 },
      kaaba_coordinates: { latitude: 21.4225241, longitude: 39.8261818 },
      distance_km: expect.closeTo(4793.8, 1),
      distance_miles: expect.closeTo(4793.8 * 0.621371, 0),
      geodesic: {
        ellipsoid: 'WGS84',
        compass_bearing: expect.closeTo(118.99, 0),
        distance_km: expect.closeTo(4793.8, -2),
        distance_miles: expect.closeTo(4793.8 * 0.621371, -2),
      },
      note: expect.stringMatching(/true north.*magnetic/),
      special_location: null,
      magnetic: {
        declination: expect.any(Number),
        compass_bearing: expect.any(Number),
        model: 'WMM2025',
        date: '2026-06-01',
      },
    });
  });

  it("at the Kaaba's antipode every bearing agrees: true, geodesic and magnetic all point true north", async () => {
    const { status, body } = await authed('lat=-21.4225241&lon=-140.1738182&date=2026-06-01');
    expect(status).toBe(200);
    const result = body.data.data;
    expect(result).toMatchObject({
      special_location: 'antipode',
      qibla_direction: 'North',
      compass_bearing: 0,
      geodesic: { compass_bearing: 0 },
    });
    // What a compass reads for true north: minus the declination.
    const compass = Math.round(((360 - result.magnetic.declination) % 360) * 100) / 100;
    expect(result.magnetic.compass_bearing).toBeCloseTo(compass, 2);
    expect(result.note).toContain('every direction leads to the Kaaba');
  });

  it('accepts lng as an alias of lon, and the ±90/±180 boundaries', async () => {
    expect((await authed('lat=40.7128&lng=-74.0059')).body.data.data.compass_bearing).toBe(58.48);
    for (const query of ['lat=90&lon=180', 'lat=-90&lon=-180', 'lat=-0&lon=0']) {
      const { status, body } = await authed(query);
      expect(status).toBe(200);
      expect(body.data.data.compass_bearing).toBeGreaterThanOrEqual(0);
      expect(body.data.data.compass_bearing).toBeLessThan(360);
    }
  });
});

describe('GET /api/v1/qibla, flat layout', () => {
  let flat: CalcHarness;
  beforeAll(async () => {
    flat = await startCalc({ env: { RESPONSE_LAYOUT: 'flat' } });
  });
  afterAll(() => flat.close());

  it('is { success, service, data, timestamp, api_info } without rateLimit', async () => {
    const flatKey = await flat.issue();
    const { status, body } = await flat.get(`/api/v1/qibla?lat=35.6895&lon=139.6917&api_key=${flatKey}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['success', 'service', 'data', 'timestamp', 'api_info']);
    expect(body.service).toBe('qibla-direction');
    expect(body.data.qibla_direction).toBe('Northwest');
    expect(body.data.compass_bearing).toBe(293.02);
  });
});

describe('GET /api/v1/qibla validation', () => {
  it.each([
    '',
    'lat=1',
    'lon=1',
    'lat=abc&lon=1',
    'lat=12abc&lon=1',
    'lat=0x10&lon=1',
    'lat=1e5&lon=1',
    'lat=NaN&lon=1',
    'lat=1&lon=Infinity',
    'lat=&lon=',
    'lat=91&lon=0',
    'lat=0&lon=180.5',
    'lat=-90.0001&lon=0',
  ])('answers %j with the spec’s 400 body', async (query) => {
    const { status, body } = await authed(query);
    expect(status).toBe(400);
    expect(body).toEqual(BAD_REQUEST);
  });
});
