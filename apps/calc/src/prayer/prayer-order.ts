// The day's order is fixed: fajr < sunrise < dhuhr < asr < maghrib < isha.
// adhan can break it near the poles: its Asr shadow formula uses |φ − δ|, which
// stops describing a real sun once that reaches 90° (the sun stays below the
// horizon at noon), and a method with 0° twilight angles (`other`) puts fajr after
// sunrise and isha before maghrib. A time out of its place does not exist as
// computed, so it is dropped (null, with a note) rather than shown wrong.
export const DAY_ORDER = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type DayTime = (typeof DAY_ORDER)[number];

const isValid = (date: Date): boolean => !Number.isNaN(date.getTime());
const before = (a: Date, b: Date): boolean => !isValid(a) || !isValid(b) || a.getTime() < b.getTime();

/** Names of the times that exist but stand outside their place in the day. */
export function outOfOrder(times: Record<DayTime, Date>): DayTime[] {
  const { fajr, sunrise, dhuhr, asr, maghrib, isha } = times;
  const dropped: DayTime[] = [];
  if (isValid(fajr) && !(before(fajr, sunrise) && before(fajr, dhuhr))) dropped.push('fajr');
  if (isValid(sunrise) && !before(sunrise, dhuhr)) dropped.push('sunrise');
  // Asr is defined by the afternoon sun's shadow: no sunrise or sunset, no Asr.
  if (isValid(asr) && !(isValid(sunrise) && isValid(maghrib) && before(dhuhr, asr) && before(asr, maghrib)))
    dropped.push('asr');
  if (isValid(maghrib) && !before(dhuhr, maghrib)) dropped.push('maghrib');
  if (isValid(isha) && !(before(maghrib, isha) && before(dhuhr, isha))) dropped.push('isha');
  return dropped;
}
