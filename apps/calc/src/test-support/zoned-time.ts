// Test-only: an official timetable's wall-clock time ("6:33 AM" on 2019-01-01 in
// Europe/Istanbul, or "06:33" in the authority tables) as a UTC instant, the way
// adhan-js's own fixture test reads it (moment.tz(date + " " + time, "YYYY-MM-DD h:mm A", timezone)).
const TIME_12H = /^(\d{1,2}):(\d{2}) (AM|PM)$/;
const TIME_24H = /^(\d{2}):(\d{2})$/;

function offsetMs(instantMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return wall - instantMs;
}

export function zonedTimeToUtcMs(date: string, time: string, timeZone: string): number {
  const match = TIME_12H.exec(time) ?? TIME_24H.exec(time);
  if (match === null) throw new Error(`unreadable fixture time ${time}`);
  const [, h, m, meridiem] = match;
  const hour = meridiem === undefined ? Number(h) : (Number(h) % 12) + (meridiem === 'PM' ? 12 : 0);
  const [y, mo, d] = date.split('-').map(Number);
  const wallMs = Date.UTC(y!, mo! - 1, d!, hour, Number(m));
  // Two passes settle the offset even on a day whose offset changes.
  const first = wallMs - offsetMs(wallMs, timeZone);
  return wallMs - offsetMs(first, timeZone);
}
