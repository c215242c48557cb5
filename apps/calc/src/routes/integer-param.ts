// Whole-number query parameters (years, months, minutes, day counts): digits with an
// optional sign and nothing else, within stated bounds. Empty or absent means "not
// given"; anything else that is not such a number is invalid.
const INTEGER = /^[-+]?\d{1,6}$/;

export type IntegerParam = { ok: true; value: number | undefined } | { ok: false };

export function parseIntegerParam(raw: unknown, min: number, max: number): IntegerParam {
  if (raw === undefined || raw === '') return { ok: true, value: undefined };
  if (typeof raw !== 'string' || !INTEGER.test(raw)) return { ok: false };
  const value = Number(raw) + 0;
  return value >= min && value <= max ? { ok: true, value } : { ok: false };
}
