import { describe, expect, it } from 'vitest';
import { checkZones, classifyZones } from './zone-check.ts';

describe('classifyZones', () => {
  it('tells apart another name of one zone, a zone keeping the same clock, and another clock', () => {
    const signatures = new Map<string, string>();
    expect(classifyZones('Asia/Dhaka', 'Asia/Dhaka', signatures)).toBeNull();
    expect(classifyZones('Asia/Kolkata', 'Asia/Calcutta', signatures)).toBe('alias');
    // Kuwait and Riyadh: UTC+3 all year, two zones.
    expect(classifyZones('Asia/Kuwait', 'Asia/Riyadh', signatures)).toBe('same-clock');
    // Ürümqi keeps UTC+6, Beijing UTC+8.
    expect(classifyZones('Asia/Urumqi', 'Asia/Shanghai', signatures)).toBe('different');
    // London and Lisbon share UTC+0/UTC+1 and the same change dates.
    expect(classifyZones('Europe/London', 'Europe/Lisbon', signatures)).toBe('same-clock');
  });
});

describe('checkZones', () => {
  it('serves the zone found at the coordinates and lists the places whose GeoNames zone keeps another clock', () => {
    const places = [
      { id: 1, name: 'Kashgar', countryCode: 'CN', latitude: 39.47, longitude: 75.99, geonamesZone: 'Asia/Urumqi' },
      { id: 2, name: 'Dhaka', countryCode: 'BD', latitude: 23.71, longitude: 90.41, geonamesZone: 'Asia/Dhaka' },
    ];
    const zoneAt = (lat: number) => (lat > 30 ? 'Asia/Shanghai' : 'Asia/Dhaka');
    const report = checkZones(places, zoneAt);
    expect(report.zones).toEqual(['Asia/Shanghai', 'Asia/Dhaka']);
    expect(report.counts).toEqual({ alias: 0, 'same-clock': 0, different: 1 });
    expect(report.different).toEqual([
      { id: 1, name: 'Kashgar', countryCode: 'CN', geonames: 'Asia/Urumqi', served: 'Asia/Shanghai' },
    ]);
  });
});
