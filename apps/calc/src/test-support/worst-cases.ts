// The heaviest calculation shapes found, shared by the cost test (calculation-cost.test.ts)
// and `npm run bench`'s worst-case bursts: polar places all year under each polar rule,
// with a method whose Maghrib is not sunset (a second computation a day), the Moonsighting
// Committee's seasons, a zone a day away from solar time (each day handed to adhan twice),
// the longest iCalendar feed, and the next prayer at the poles. Each at a place of its own,
// so that no shape finds the days another has tested.
const YEAR = 2026;
const CALENDAR = '/api/v1/prayer-time/calendar';
const FEED = '/api/v1/prayer-time/calendar.ics';

/** An ordinary year's calendar: the unit every other shape's cost is compared with. */
export const ORDINARY_YEAR = `${CALENDAR}?lat=21.4225&lon=39.8262&year=${YEAR}`;

export const WORST_CASES: Record<string, string> = {
  'south-pole-year-aqrabyaum': `${CALENDAR}?lat=-89.9&lon=0&year=${YEAR}&polarResolution=aqrabyaum`,
  'north-pole-year-aqrabyaum-tehran': `${CALENDAR}?lat=90&lon=0&year=${YEAR}&polarResolution=aqrabyaum&method=tehran`,
  'north-pole-year-aqrabbalad-msc': `${CALENDAR}?lat=89.9&lon=0&year=${YEAR}&method=moonsightingcommittee`,
  'south-pole-year-kiritimati':
    `${CALENDAR}?lat=-89.9&lon=-179.9&year=${YEAR}` + '&polarResolution=aqrabyaum&timezone=Pacific/Kiritimati',
  'svalbard-year-aqrabyaum': `${CALENDAR}?lat=78.2232&lon=15.6267&year=${YEAR}&polarResolution=aqrabyaum&method=isna`,
  'south-pole-feed-366': `${FEED}?lat=-89.8&lon=10&days=366&date=${YEAR}-01-01&polarResolution=aqrabyaum`,
  'north-pole-feed-366-tehran': `${FEED}?lat=90&lon=90&days=366&date=${YEAR}-01-01&method=tehran`,
  'south-pole-next': `/api/v1/prayer-time/next?lat=-89.7&lon=0&at=${YEAR}-06-21T12:00:00Z&polarResolution=aqrabyaum`,
  'north-pole-day': `/api/v1/prayer-time?lat=90&lon=-90&date=${YEAR}-12-21&polarResolution=aqrabyaum&method=tehran`,
};
