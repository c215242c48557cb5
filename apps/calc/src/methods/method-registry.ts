// Every calculation method as data: the rules an authority publishes (twilight angles,
// fixed intervals, minute adjustments, rounding, seasonal rules) and where they come
// from. method-conventions.ts turns an entry into adhan parameters; nothing else in the
// service knows a method's rules. The docs table (apps/portal/src/pages/docs/guides/
// prayer-times.md, apps/calc/README.md) lists the same entries.
import { CalculationMethod } from 'adhan';
import type { CalculationParameters } from 'adhan';

export type AdjustedTime = 'fajr' | 'sunrise' | 'dhuhr' | 'asr' | 'maghrib' | 'isha';

export interface MethodDefinition {
  /** The API name (lower case). */
  name: string;
  /** The same method's id in the Aladhan API (`method=<n>`), or null if it has none. */
  aladhanId: number | null;
  authority: string;
  /** adhan preset the rules start from; absent = adhan's "Other" (no angles) plus the fields below. */
  preset?: () => CalculationParameters;
  fajrAngle?: number;
  ishaAngle?: number;
  /** Isha as minutes after Maghrib instead of an angle (prayer-instants.ts). */
  ishaInterval?: number;
  /** Maghrib at this solar depression instead of at sunset. */
  maghribAngle?: number;
  /** Minutes added to each time before rounding; replaces the preset's when given. */
  adjustments?: Partial<Record<AdjustedTime, number>>;
  /** How the minute is rounded: to the nearest (adhan's default) or always up. */
  rounding?: 'nearest' | 'up';
  /** Isha's interval after Maghrib during Ramadan (Umm al-Qura calendar month 9). */
  ramadanIshaInterval?: number;
  /** Where the numbers come from. */
  source: string;
}

// Aladhan's method list (ids and parameters) as published in its prayer-times library
// (islamic-network/prayer-times src/PrayerTimes/Method.php, LGPL-3.0, read 2026-11-23)
// and its API docs (api.aladhan.com/v1/methods).
const ALADHAN = 'Aladhan method list (api.aladhan.com/v1/methods; islamic-network/prayer-times Method.php)';

export const METHOD_DEFINITIONS: readonly MethodDefinition[] = [
  {
    name: 'mwl',
    aladhanId: 3,
    authority: 'Muslim World League',
    preset: CalculationMethod.MuslimWorldLeague,
    source: 'adhan 4.4.6 preset MuslimWorldLeague (18°/17°, Dhuhr +1 min)',
  },
  {
    name: 'makkah',
    aladhanId: 4,
    authority: 'Umm al-Qura University, Makkah',
    preset: CalculationMethod.UmmAlQura,
    // Umm al-Qura's calendar puts Isha 120 min after Maghrib in Ramadan instead of 90.
    ramadanIshaInterval: 120,
    source: 'adhan 4.4.6 preset UmmAlQura (18.5°, Isha 90 min); Ramadan 120 min: ummulqura.org.sa and Aladhan method 4',
  },
  {
    name: 'cairo',
    aladhanId: 5,
    authority: 'Egyptian General Authority of Survey',
    preset: CalculationMethod.Egyptian,
    // The Authority's own 2026 tables (Cairo, Alexandria, Aswan; fixtures/authority-times.json)
    // give Dhuhr at the transit rounded to the nearest minute, like every other time:
    // published minus transit is −0.7…+0.4 min all year. adhan's preset adds 1 min, which
    // is 1–2 min late on every day.
    adjustments: { dhuhr: 0 },
    source:
      'adhan 4.4.6 preset Egyptian (19.5°/17.5°); Dhuhr at the transit, as the Egyptian Survey Authority publishes it (esa.gov.eg monthlymwaket.aspx, 2026)',
  },
  {
    name: 'karachi',
    aladhanId: 1,
    authority: 'University of Islamic Sciences, Karachi',
    preset: CalculationMethod.Karachi,
    source: 'adhan 4.4.6 preset Karachi (18°/18°, Dhuhr +1 min)',
  },
  {
    name: 'tehran',
    aladhanId: 7,
    authority: 'Institute of Geophysics, University of Tehran',
    preset: CalculationMethod.Tehran,
    source: 'adhan 4.4.6 preset Tehran (17.7°/14°, Maghrib 4.5°)',
  },
  {
    name: 'isna',
    aladhanId: 2,
    authority: 'Islamic Society of North America',
    preset: CalculationMethod.NorthAmerica,
    source: 'adhan 4.4.6 preset NorthAmerica (15°/15°, Dhuhr +1 min)',
  },
  {
    name: 'singapore',
    aladhanId: 11,
    authority: 'Majlis Ugama Islam Singapura',
    preset: CalculationMethod.Singapore,
    source: 'adhan 4.4.6 preset Singapore (20°/18°, Dhuhr +1 min, rounded up)',
  },
  {
    name: 'turkey',
    aladhanId: 13,
    authority: 'Diyanet İşleri Başkanlığı, Turkey',
    preset: CalculationMethod.Turkey,
    source: 'adhan 4.4.6 preset Turkey (18°/17° with Diyanet temkin minutes)',
  },
  {
    name: 'qatar',
    aladhanId: 10,
    authority: 'Ministry of Awqaf, Qatar',
    preset: CalculationMethod.Qatar,
    source: 'adhan 4.4.6 preset Qatar (18°, Isha 90 min)',
  },
  {
    name: 'kuwait',
    aladhanId: 9,
    authority: 'Ministry of Awqaf, Kuwait',
    preset: CalculationMethod.Kuwait,
    source: 'adhan 4.4.6 preset Kuwait (18°/17.5°)',
  },
  {
    name: 'dubai',
    aladhanId: 16,
    authority: 'IACAD, Dubai',
    preset: CalculationMethod.Dubai,
    source: 'adhan 4.4.6 preset Dubai (18.2°/18.2° with its minute adjustments)',
  },
  {
    name: 'moonsightingcommittee',
    aladhanId: 15,
    authority: 'Moonsighting Committee Worldwide',
    preset: CalculationMethod.MoonsightingCommittee,
    source: 'adhan 4.4.6 preset MoonsightingCommittee (18°/18°, seasonal twilight)',
  },
  {
    name: 'jafari',
    aladhanId: 0,
    authority: 'Shia Ithna-Ashari, Leva Institute, Qum',
    fajrAngle: 16,
    ishaAngle: 14,
    maghribAngle: 4,
    source: `${ALADHAN}: method 0 (16°/14°, Maghrib 4°)`,
  },
  {
    name: 'gulf',
    aladhanId: 8,
    authority: 'Gulf region',
    fajrAngle: 19.5,
    ishaInterval: 90,
    source: `${ALADHAN}: method 8 (19.5°, Isha 90 min)`,
  },
  {
    name: 'france',
    aladhanId: 12,
    authority: 'Union des Organisations Islamiques de France (UOIF)',
    fajrAngle: 12,
    ishaAngle: 12,
    source: `${ALADHAN}: method 12 (12°/12°)`,
  },
  {
    name: 'russia',
    aladhanId: 14,
    authority: 'Spiritual Administration of Muslims of Russia',
    fajrAngle: 16,
    ishaAngle: 15,
    source: `${ALADHAN}: method 14 (16°/15°)`,
  },
  {
    name: 'jakim',
    aladhanId: 17,
    authority: 'Jabatan Kemajuan Islam Malaysia (JAKIM)',
    // JAKIM cites 20° for Subuh (Aladhan's method 17 uses it). Its published e-solat
    // tables are reproduced by 18° for Subuh and Isyak with 2 min of ihtiyat on the
    // minute with seconds dropped (+1 min, then rounded up), Dhuhr 1 min more; 20° puts
    // Subuh 7–11 min early against every zone's table (fixtures/authority-times.sources.json).
    fajrAngle: 18,
    ishaAngle: 18,
    adjustments: { fajr: 1, sunrise: 0, dhuhr: 2, asr: 1, maghrib: 1, isha: 1 },
    rounding: 'up',
    source: 'JAKIM e-solat published timetables (e-solat.gov.my takwimsolat, 2024); Aladhan method 17',
  },
  {
    name: 'tunisia',
    aladhanId: 18,
    authority: 'Ministry of Religious Affairs, Tunisia',
    fajrAngle: 18,
    ishaAngle: 18,
    source: `${ALADHAN}: method 18 (18°/18°)`,
  },
  {
    name: 'algeria',
    aladhanId: 19,
    authority: 'Ministry of Religious Affairs and Wakfs, Algeria',
    fajrAngle: 18,
    ishaAngle: 17,
    // The Ministry's 1447 AH tables (Algiers, Adrar, Djelfa; fixtures/authority-times.sources.json)
    // put Maghrib 3 min after sunset and every time on the next whole minute: published minus
    // computed averages +0.4…+0.5 min for each time, and +3.5 for Maghrib.
    adjustments: { maghrib: 3 },
    rounding: 'up',
    source: `Ministry of Religious Affairs and Wakfs published tables (1447 AH, Algiers); 18°/17° as ${ALADHAN}: method 19`,
  },
  {
    name: 'kemenag',
    aladhanId: 20,
    authority: 'Kementerian Agama Republik Indonesia (Kemenag)',
    fajrAngle: 20,
    ishaAngle: 18,
    // Kemenag's hisab adds an ihtiyat of 2 min and rounds the minute up; its published
    // tables (Kota Jakarta, fixtures/authority-times.sources.json) give Dhuhr 3 min after
    // the transit and sunrise 3 min early rounded down (−4 then rounded up).
    adjustments: { fajr: 2, sunrise: -4, dhuhr: 3, asr: 2, maghrib: 2, isha: 2 },
    rounding: 'up',
    source: `Kemenag (Bimas Islam) published tables via api.myquran.com; 20°/18°, ihtiyat 2 min; ${ALADHAN}: method 20`,
  },
  {
    name: 'morocco',
    aladhanId: 21,
    authority: 'Ministry of Habous and Islamic Affairs, Morocco',
    fajrAngle: 19,
    ishaAngle: 17,
    source: `${ALADHAN}: method 21 (19°/17°)`,
  },
  {
    name: 'portugal',
    aladhanId: 22,
    authority: 'Comunidade Islâmica de Lisboa',
    fajrAngle: 18,
    // Maghrib 3 min after sunset and Isha 77 min after that Maghrib.
    ishaInterval: 77,
    adjustments: { maghrib: 3, isha: 3 },
    source: `${ALADHAN}: method 22 (18°, Maghrib +3 min, Isha 77 min after Maghrib)`,
  },
  {
    name: 'jordan',
    aladhanId: 23,
    authority: 'Ministry of Awqaf, Islamic Affairs and Holy Places, Jordan',
    fajrAngle: 18,
    ishaAngle: 18,
    adjustments: { maghrib: 5 },
    source: `${ALADHAN}: method 23 (18°/18°, Maghrib +5 min)`,
  },
  {
    name: 'other',
    aladhanId: 99,
    authority: 'Your own rules',
    preset: CalculationMethod.Other,
    source: 'adhan 4.4.6 preset Other (no angles)',
  },
];

export const METHOD_BY_NAME: ReadonlyMap<string, MethodDefinition> = new Map(
  METHOD_DEFINITIONS.map((m) => [m.name, m]),
);
export const METHOD_BY_ALADHAN_ID: ReadonlyMap<number, MethodDefinition> = new Map(
  METHOD_DEFINITIONS.filter((m) => m.aladhanId !== null).map((m) => [m.aladhanId!, m]),
);
