// The methods reproduced from their authority's own published tables: every number is
// what the tables in fixtures/ show (authority-times.sources.json and
// authority-tables/sources.json give the source, the fit and the agreement per place
// and year), with the authority's or a public implementation's statement where one exists.
import { CalculationMethod } from 'adhan';
import { ALADHAN, type MethodDefinition } from './method-definition.ts';

export const CAIRO: MethodDefinition = {
  name: 'cairo',
  aliases: ['egyptian', 'egypt'],
  aladhanId: 5,
  authority: 'Egyptian General Authority of Survey',
  preset: CalculationMethod.Egyptian,
  // ESA's 2026 tables give Dhuhr at the transit rounded to the nearest minute, like every
  // other time: published minus transit is −0.7…+0.4 min all year. adhan's +1 min is 1–2 min late.
  adjustments: { dhuhr: 0 },
  source:
    'adhan 4.4.6 preset Egyptian (19.5°/17.5°); Dhuhr at the transit, as the Egyptian Survey Authority ' +
    'publishes it (esa.gov.eg monthlymwaket.aspx, 2026)',
};

export const TURKEY: MethodDefinition = {
  name: 'turkey',
  aladhanId: 13,
  authority: 'Diyanet İşleri Başkanlığı, Turkey',
  preset: CalculationMethod.Turkey,
  // Diyanet takes the sun's declination and equation of time once per day (0 h UT) and
  // turns hour angles into time at 15° an hour; its temkin is adhan's preset's (sunrise
  // −7, Dhuhr +5, Asr +4, Maghrib +7 min), rounded to the nearest minute. The sun at each
  // time's own instant leaves Isha or Maghrib 1–2 min off on a tenth of İstanbul's days.
  dailySun: true,
  source:
    'Diyanet vakithesaplama.diyanet.gov.tr (temkin.php: the minutes above); 18°/17° as adhan 4.4.6 preset ' +
    'Turkey; the one-per-day sun fitted to Diyanet district tables 2024–2026 (fixtures/authority-tables)',
};

// JAKIM's Subuh at 18° since the 116th Muzakarah of the National Fatwa Committee
// (20–21 November 2019; 20° before); Isyak 18°. Its e-solat tables add 2 min of ihtiyat
// on the minute with seconds dropped (+1 min, then rounded up), Dhuhr 1 min more.
const JAKIM_IHTIYAT = { fajr: 1, sunrise: 0, dhuhr: 2, asr: 1, maghrib: 1, isha: 1 };

export const JAKIM: MethodDefinition = {
  name: 'jakim',
  aladhanId: 17,
  authority: 'Jabatan Kemajuan Islam Malaysia (JAKIM)',
  fajrAngle: 18,
  ishaAngle: 18,
  adjustments: JAKIM_IHTIYAT,
  rounding: 'up',
  source:
    'JAKIM e-solat published timetables 2024–2026 (e-solat.gov.my takwimsolat); Subuh 18° since the 116th ' +
    'Muzakarah (November 2019); Aladhan method 17',
};

export const KELANTAN: MethodDefinition = {
  name: 'kelantan',
  aladhanId: null,
  authority: 'Majlis Agama Islam Kelantan (JAKIM e-solat zones KTN01, KTN02)',
  // Kelantan's zones in e-solat put Isyak at 17°, the rest as jakim: at 18° Isyak is
  // 1.8–3.7 min later than the table on every day of 2024–2026.
  fajrAngle: 18,
  ishaAngle: 17,
  adjustments: JAKIM_IHTIYAT,
  rounding: 'up',
  source: 'JAKIM e-solat published timetables for KTN01 and KTN02, 2024–2026',
};

export const ALGERIA: MethodDefinition = {
  name: 'algeria',
  aladhanId: 19,
  authority: 'Ministry of Religious Affairs and Wakfs, Algeria',
  fajrAngle: 18,
  ishaAngle: 17,
  // The Ministry's 1447 AH tables (Algiers, Adrar, Djelfa) put Maghrib 3 min after sunset
  // and every time on the next whole minute: published minus computed +0.4…+0.5 min, +3.5 for Maghrib.
  adjustments: { maghrib: 3 },
  rounding: 'up',
  source:
    'Ministry of Religious Affairs and Wakfs published tables (1447 AH, Algiers); ' +
    `18°/17° as ${ALADHAN}: method 19`,
};

export const KEMENAG: MethodDefinition = {
  name: 'kemenag',
  aladhanId: 20,
  authority: 'Kementerian Agama Republik Indonesia (Kemenag)',
  fajrAngle: 20,
  ishaAngle: 18,
  // Sunrise and Maghrib with the sun's centre 1° below the horizon; an ihtiyat of 2 min,
  // 3 for Dhuhr and −3 for sunrise, rounded up (adhan-swift pull request 103's fit of
  // Bimas Islam's schedules; the Jakarta tables agree to the minute on 24 of 34 days).
  horizon: { sunrise: 1, maghrib: 1 },
  adjustments: { fajr: 2, sunrise: -3, dhuhr: 3, asr: 2, maghrib: 2, isha: 2 },
  rounding: 'up',
  source:
    'Kemenag (Bimas Islam) published tables; horizon −1° and ihtiyat as adhan-swift PR 103; ' + `${ALADHAN}: method 20`,
};

export const MOROCCO: MethodDefinition = {
  name: 'morocco',
  aladhanId: 21,
  authority: 'Ministry of Habous and Islamic Affairs, Morocco',
  fajrAngle: 19,
  ishaAngle: 17,
  // Habous's tables: Dhuhr 5 min after the transit; sunrise and Maghrib lower than the
  // standard horizon, 1.35° and 1.5° at sea level, lowered by 0.024°·√m with the town's
  // height; Fajr with its seconds dropped. Fitted to 17 cities' 2020 years and checked on
  // six cities in 2026 (public implementations add sunrise −3, Dhuhr +5, Maghrib +5 min).
  horizon: { sunrise: 1.35, maghrib: 1.5 },
  elevationDip: 0.024,
  adjustments: { dhuhr: 5 },
  roundingOf: { fajr: 'down' },
  source: `Ministry of Habous published city tables (2020, 2026), fitted; 19°/17° as ${ALADHAN}: method 21`,
};

export const JORDAN: MethodDefinition = {
  name: 'jordan',
  aladhanId: 23,
  authority: 'Ministry of Awqaf, Islamic Affairs and Holy Places, Jordan',
  fajrAngle: 18,
  ishaAngle: 18,
  // The Ministry's 2026 region tables put sunrise and Maghrib where the sun's centre is
  // 1.1° + 0.035°·√m below the horizon (about 2.1° at Amman's 757 m), not at sunset + 5 min.
  horizon: { sunrise: 1.1, maghrib: 1.1 },
  elevationDip: 0.035,
  source: `Ministry of Awqaf published region tables (awqaf.gov.jo, 2026), fitted; 18°/18° as ${ALADHAN}: method 23`,
};

export const OMAN: MethodDefinition = {
  name: 'oman',
  aladhanId: null,
  authority: 'Ministry of Endowments and Religious Affairs, Oman',
  // MARA's tables: 18°/18°, Dhuhr, Asr and Maghrib 5 min after the event, nearest minute.
  fajrAngle: 18,
  ishaAngle: 18,
  adjustments: { dhuhr: 5, asr: 5, maghrib: 5 },
  source: 'Ministry of Endowments and Religious Affairs published tables (mara.gov.om, 2026–2027), fitted',
};
