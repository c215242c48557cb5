// Which declination a method's Asr shadow is computed from. Physically it is the sun's
// declination at the instant of Asr, and that is the default here. Some authorities
// publish tables computed with one declination per day. Their official timetables in
// fixtures/reference-times.json (checked to the minute, no tolerance) agree on 12 of 12
// days each with the declination at the day's local mean midnight (0 h UT − λ/15), and
// with the instant's declination on only 7 (London), 8 (Makkah) and 9 (Doha) of 12; so
// for them the daily declination is part of the method (prayer-instants.ts, asrOf).
// Keyed by adhan's CalculationParameters.method name; a new method joins when its
// authority's table shows the same.
export const DAILY_DECLINATION_ASR_METHODS: ReadonlySet<string> = new Set([
  'UmmAlQura', // Umm al-Qura University, Makkah: Makkah-UmmAlQura.json
  'Qatar', // Qatar Awqaf: Doha-Qatar.json
  'MoonsightingCommittee', // Moonsighting Committee Worldwide: London-MoonsightingCommittee.json
]);

export function asrUsesDailyDeclination(method: string): boolean {
  return DAILY_DECLINATION_ASR_METHODS.has(method);
}
