// Every calculation method as data: the rules an authority publishes (twilight angles,
// fixed intervals, minute adjustments, rounding, seasonal rules) and where they come
// from. method-conventions.ts turns an entry into adhan parameters; nothing else in the
// service knows a method's rules. The docs table (apps/portal/src/pages/docs/guides/
// prayer-times.md, apps/calc/README.md) lists the same entries.
import { CalculationMethod } from 'adhan';
import { ALADHAN, type MethodDefinition } from './method-definition.ts';
import { ALGERIA, CAIRO, JAKIM, JORDAN, KELANTAN, KEMENAG, MOROCCO, OMAN, TURKEY } from './table-methods.ts';

export type { AdjustedTime, MethodDefinition, MinuteRounding } from './method-definition.ts';

export const METHOD_DEFINITIONS: readonly MethodDefinition[] = [
  {
    name: 'mwl',
    aliases: ['muslimworldleague'],
    aladhanId: 3,
    authority: 'Muslim World League',
    preset: CalculationMethod.MuslimWorldLeague,
    source: 'adhan 4.4.6 preset MuslimWorldLeague (18°/17°, Dhuhr +1 min)',
  },
  {
    name: 'makkah',
    aliases: ['ummalqura'],
    aladhanId: 4,
    authority: 'Umm al-Qura University, Makkah',
    preset: CalculationMethod.UmmAlQura,
    // Umm al-Qura's calendar puts Isha 120 min after Maghrib in Ramadan instead of 90.
    ramadanIshaInterval: 120,
    source: 'adhan 4.4.6 preset UmmAlQura (18.5°, Isha 90 min); Ramadan 120 min: ummulqura.org.sa and Aladhan method 4',
  },
  CAIRO,
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
    aliases: ['northamerica'],
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
  TURKEY,
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
    aliases: ['moonsighting'],
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
  JAKIM,
  {
    name: 'tunisia',
    aladhanId: 18,
    authority: 'Ministry of Religious Affairs, Tunisia',
    fajrAngle: 18,
    ishaAngle: 18,
    source: `${ALADHAN}: method 18 (18°/18°)`,
  },
  ALGERIA,
  KEMENAG,
  MOROCCO,
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
  JORDAN,
  KELANTAN,
  OMAN,
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
/** Every alias (lower case) → its method's name. */
export const METHOD_BY_ALIAS: ReadonlyMap<string, string> = new Map(
  METHOD_DEFINITIONS.flatMap((m) => (m.aliases ?? []).map((alias) => [alias, m.name] as const)),
);
export const METHOD_BY_ALADHAN_ID: ReadonlyMap<number, MethodDefinition> = new Map(
  METHOD_DEFINITIONS.filter((m) => m.aladhanId !== null).map((m) => [m.aladhanId!, m]),
);
