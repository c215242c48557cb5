// The holidays the Hijri answers name, by their fixed Hijri month and day: the days most
// widely observed (hijri-holidays.ts dates them by the Umm al-Qura table).
export interface HolidayDay {
  id: string;
  name: string;
  ar: string;
  month: number;
  day: number;
  /** What the day is, in a sentence. */
  about: string;
}

// In the order they fall in the Hijri year.
export const HOLIDAY_DAYS: readonly HolidayDay[] = [
  {
    id: 'islamic-new-year',
    name: 'Islamic New Year',
    ar: 'رأس السنة الهجرية',
    month: 1,
    day: 1,
    about: 'The first day of Muharram, the first month of the Hijri year.',
  },
  {
    id: 'ashura',
    name: 'Ashura',
    ar: 'عاشوراء',
    month: 1,
    day: 10,
    about:
      'The tenth of Muharram: a day of voluntary fasting, ' +
      'and for Shia Muslims the remembrance of Husayn ibn Ali at Karbala.',
  },
  {
    id: 'mawlid',
    name: 'Mawlid an-Nabi',
    ar: 'المولد النبوي',
    month: 3,
    day: 12,
    about: "The Prophet Muhammad's birthday as most communities mark it, 12 Rabi al-Awwal (many Shia mark the 17th).",
  },
  {
    id: 'isra-and-miraj',
    name: "Isra and Mi'raj",
    ar: 'الإسراء والمعراج',
    month: 7,
    day: 27,
    about: "The Prophet's night journey to Jerusalem and ascension, remembered on the night of 27 Rajab.",
  },
  {
    id: 'ramadan-start',
    name: 'First of Ramadan',
    ar: 'أول رمضان',
    month: 9,
    day: 1,
    about: 'The first day of the month of fasting.',
  },
  {
    id: 'laylat-al-qadr',
    name: 'Laylat al-Qadr',
    ar: 'ليلة القدر',
    month: 9,
    day: 27,
    about:
      'The Night of Decree, sought in the last ten nights of Ramadan and most widely kept on the 27th, ' +
      'whose night begins at sunset on the Gregorian day before.',
  },
  {
    id: 'eid-al-fitr',
    name: 'Eid al-Fitr',
    ar: 'عيد الفطر',
    month: 10,
    day: 1,
    about: 'The feast that ends Ramadan, on the first of Shawwal.',
  },
  {
    id: 'day-of-arafah',
    name: 'Day of Arafah',
    ar: 'يوم عرفة',
    month: 12,
    day: 9,
    about: 'The day the pilgrims stand at Arafat during the Hajj; a day of fasting for those not on pilgrimage.',
  },
  {
    id: 'eid-al-adha',
    name: 'Eid al-Adha',
    ar: 'عيد الأضحى',
    month: 12,
    day: 10,
    about: 'The feast of the sacrifice, on the tenth of Dhu al-Hijjah.',
  },
];
