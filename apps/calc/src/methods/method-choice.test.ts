import { describe, expect, it, vi } from 'vitest';
import { methodForZone } from './country-method.ts';
import { describeAutoChoice, parseMethod } from './method-choice.ts';

describe('parseMethod', () => {
  it('takes names case-insensitively, Aladhan ids, and the default when absent', () => {
    expect(parseMethod('JAKIM', 'UTC')).toEqual({ method: 'jakim' });
    expect(parseMethod('17', 'UTC')).toEqual({ method: 'jakim' });
    expect(parseMethod('0', 'UTC')).toEqual({ method: 'jafari' });
    expect(parseMethod(undefined, 'UTC')).toEqual({ method: 'karachi' });
  });

  it.each([
    ['MuslimWorldLeague', 'mwl'],
    ['UmmAlQura', 'makkah'],
    ['ummalqura', 'makkah'],
    ['MoonsightingCommittee', 'moonsightingcommittee'],
    ['moonsighting', 'moonsightingcommittee'],
    ['NorthAmerica', 'isna'],
    ['ISNA', 'isna'],
    ['Egyptian', 'cairo'],
    ['EGYPT', 'cairo'],
    ['Karachi', 'karachi'],
    ['Dubai', 'dubai'],
    ['Kuwait', 'kuwait'],
    ['Qatar', 'qatar'],
    ['Singapore', 'singapore'],
    ['Tehran', 'tehran'],
    ['Turkey', 'turkey'],
    ['Other', 'other'],
  ])("takes adhan's and Aladhan's name %s as %s", (raw, method) => {
    expect(parseMethod(raw, 'UTC')).toEqual({ method });
  });

  it('returns null for empty and unknown names, unknown ids and repeated parameters', () => {
    for (const bad of ['', '6', '24', '100', '-1', '1.0', 'x', ['3', '4']])
      expect(parseMethod(bad, 'UTC'), String(bad)).toBeNull();
  });

  it('auto picks the authority of the zone’s country', () => {
    expect(parseMethod('auto', 'Asia/Kuala_Lumpur')).toMatchObject({
      method: 'jakim',
      auto: { country: 'MY', fallback: false },
    });
    expect(parseMethod('Auto', 'Asia/Jakarta')?.method).toBe('kemenag');
  });

  it('looks the zone up only for auto, when given a lookup', () => {
    const zone = vi.fn(() => 'Asia/Kuala_Lumpur');
    for (const raw of [undefined, '', 'mwl', 'UmmAlQura', '3', 'x']) parseMethod(raw, zone);
    expect(zone).not.toHaveBeenCalled();
    expect(parseMethod('auto', zone)).toMatchObject({ method: 'jakim', auto: { zone: 'Asia/Kuala_Lumpur' } });
    expect(zone).toHaveBeenCalledTimes(1);
  });
});

describe('methodForZone', () => {
  it.each([
    ['Asia/Kuala_Lumpur', 'jakim'],
    ['Asia/Kuching', 'jakim'],
    ['Asia/Makassar', 'kemenag'],
    ['Asia/Singapore', 'singapore'],
    ['Asia/Riyadh', 'makkah'],
    ['Asia/Kuwait', 'kuwait'],
    ['Asia/Qatar', 'qatar'],
    ['Asia/Bahrain', 'gulf'],
    ['Asia/Muscat', 'oman'],
    ['Asia/Dubai', 'dubai'],
    ['Africa/Cairo', 'cairo'],
    ['Europe/Istanbul', 'turkey'],
    ['Asia/Tehran', 'tehran'],
    ['Asia/Karachi', 'karachi'],
    ['America/Chicago', 'isna'],
    ['America/Toronto', 'isna'],
    ['Europe/Paris', 'france'],
    ['Asia/Yekaterinburg', 'russia'],
    ['Africa/Casablanca', 'morocco'],
    ['Africa/Algiers', 'algeria'],
    ['Africa/Tunis', 'tunisia'],
    ['Asia/Amman', 'jordan'],
    ['Europe/Lisbon', 'portugal'],
  ])('%s → %s', (zone, method) => {
    expect(methodForZone(zone)).toMatchObject({ method, fallback: false });
  });

  it('falls back to mwl where no authority is known, and at sea', () => {
    expect(methodForZone('Europe/London')).toEqual({
      method: 'mwl',
      country: 'GB',
      countryName: 'United Kingdom',
      fallback: true,
    });
    expect(methodForZone('Etc/GMT+9')).toEqual({ method: 'mwl', country: null, countryName: null, fallback: true });
  });

  it('counts a zone shared by several countries as its principal country', () => {
    // Europe/Zurich also serves Büsingen (DE) and Liechtenstein; Europe/Paris also Monaco.
    expect(methodForZone('Europe/Zurich').country).toBe('CH');
    expect(methodForZone('Europe/Paris').country).toBe('FR');
  });
});

describe('describeAutoChoice', () => {
  it('names the method, the authority, the country and the zone', () => {
    const choice = parseMethod('auto', 'Asia/Kuala_Lumpur')!.auto!;
    expect(describeAutoChoice(choice)).toBe(
      'method=auto chose jakim (Jabatan Kemajuan Islam Malaysia ' +
        '(JAKIM)), the authority for Malaysia (MY, zone Asia/Kuala_Lumpur).',
    );
    expect(describeAutoChoice(parseMethod('auto', 'Etc/GMT+9')!.auto!)).toBe(
      'method=auto found no national calculation authority for the zone ' +
        'Etc/GMT+9, so it used the fallback mwl (Muslim World League).',
    );
  });
});
