import { describe, expect, it } from 'vitest';
import {
  FIRST_GREGORIAN,
  FIRST_HIJRI_YEAR,
  gregorianOfUmmAlQura,
  LAST_GREGORIAN,
  LAST_HIJRI_YEAR,
  ummAlQuraDate,
} from './umm-al-qura.ts';
import { MONTH_LENGTHS } from './umm-al-qura-table.ts';

describe('the official Umm al-Qura table', () => {
  it('covers 1356-1500 AH, 1937-03-14 to 2077-11-16, twelve months a year', () => {
    expect([FIRST_HIJRI_YEAR, LAST_HIJRI_YEAR, FIRST_GREGORIAN, LAST_GREGORIAN]).toEqual([
      1356,
      1500,
      '1937-03-14',
      '2077-11-16',
    ]);
    expect(MONTH_LENGTHS).toHaveLength(145);
    for (const year of MONTH_LENGTHS) expect(year).toHaveLength(12);
  });
});

describe('ummAlQuraDate', () => {
  it('reads the first and last days of the table, and nothing beyond', () => {
    expect(ummAlQuraDate('1937-03-14')).toEqual({ year: 1356, month: 1, day: 1 });
    expect(ummAlQuraDate('2077-11-16')).toEqual({ year: 1500, month: 12, day: 30 });
    expect(ummAlQuraDate('1937-03-13')).toBeNull();
    expect(ummAlQuraDate('2077-11-17')).toBeNull();
  });
});

describe('gregorianOfUmmAlQura', () => {
  it('refuses days the table does not have', () => {
    expect(gregorianOfUmmAlQura({ year: 1364, month: 8, day: 28 })).toBe('1945-08-07');
    expect(gregorianOfUmmAlQura({ year: 1364, month: 8, day: 29 })).toBeNull();
    expect(gregorianOfUmmAlQura({ year: 1447, month: 9, day: 1.5 })).toBeNull();
    expect(gregorianOfUmmAlQura({ year: 1355, month: 12, day: 29 })).toBeNull();
    expect(gregorianOfUmmAlQura({ year: 1501, month: 1, day: 1 })).toBeNull();
    expect(gregorianOfUmmAlQura({ year: 1447, month: 0, day: 1 })).toBeNull();
  });
});
