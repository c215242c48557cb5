// The Qibla for a magnetic compass: the true bearing corrected by the magnetic
// declination of the World Magnetic Model (the `geomagnetism` package, which bundles
// NOAA's WMM2015, WMM2015v2, WMM2020 and WMM2025 coefficients; checked against the
// official WMM2025 test values in fixtures/wmm2025-test-values.json).
import geomagnetism from 'geomagnetism';
import { LRUCache } from 'lru-cache';

export interface MagneticBearing {
  /** Degrees, east positive: how far a compass needle points east of true north. */
  declination: number;
  /** The true bearing minus the declination, what a compass should read, [0, 360). */
  compass_bearing: number;
  model: string;
  /** `YYYY-MM-DD` the field was computed for. */
  date: string;
}

// WMM2025 Technical Report (NOAA/BGS, 2024), "Blackout Zones": where the horizontal
// field is below 2000 nT a compass is unreliable; below 6000 nT, use it with caution.
const BLACKOUT_HORIZONTAL_NT = 2000;
const CAUTION_HORIZONTAL_NT = 6000;
const MAX_LATITUDE_DEG = 90;

const round2 = (value: number): number => Math.round(value * 100) / 100 + 0;

interface Field {
  declination: number;
  horizontalNt: number;
  model: string;
}

type TimedModel = ReturnType<typeof geomagnetism.model>;

// A day's model (the coefficients moved to that day by the secular variation) is built
// once and kept: building it was most of a Qibla's magnetic bearing. Nearly every request
// asks for today; the rest are the few days apps look ahead or back to.
const DAY_MODELS_MAX = 64;
const dayModels = new LRUCache<string, { model: TimedModel | null }>({ max: DAY_MODELS_MAX });

/** The model for `date` (`YYYY-MM-DD`), or null when no bundled model covers it. */
function modelFor(date: string): TimedModel | null {
  let kept = dayModels.get(date);
  if (kept === undefined) {
    kept = { model: timedModel(new Date(`${date}T00:00:00Z`)) };
    dayModels.set(date, kept);
  }
  return kept.model;
}

function timedModel(day: Date): TimedModel | null {
  try {
    return geomagnetism.model(day);
  } catch {
    // The package throws for a date no bundled model covers.
    return null;
  }
}

function fieldAt(lat: number, lon: number, date: string): Field | null {
  const model = modelFor(date);
  if (model === null) return null;
  const point = model.point([lat, lon]);
  if (!Number.isFinite(point.decl)) return null;
  return { declination: point.decl, horizontalNt: point.h, model: model.name.replace('-', '') };
}

/** `date` is `YYYY-MM-DD`; null `magnetic` comes with the sentence saying why. */
export function magneticQibla(
  lat: number,
  lon: number,
  trueBearing: number,
  date: string,
): { magnetic: MagneticBearing | null; note?: string } {
  if (Math.abs(lat) === MAX_LATITUDE_DEG) {
    return {
      magnetic: null,
      note:
        'At a geographic pole every direction is south or north, ' +
        'so there is no magnetic declination to apply: magnetic is null.',
    };
  }
  const field = fieldAt(lat, lon, date);
  if (field === null) {
    return {
      magnetic: null,
      note:
        `No World Magnetic Model bundled here covers ${date} ` +
        '(WMM2015 to WMM2025 cover 2014-12-15 to 2029-11-13), so magnetic is null.',
    };
  }
  const bearing = round2((((trueBearing - field.declination) % 360) + 360) % 360) % 360;
  const magnetic = { declination: round2(field.declination), compass_bearing: bearing, model: field.model, date };
  if (field.horizontalNt < BLACKOUT_HORIZONTAL_NT) {
    return {
      magnetic,
      note:
        `The horizontal magnetic field here is ${Math.round(field.horizontalNt)} nT, ` +
        'below 2000 nT (the WMM blackout zone near a magnetic pole): a compass is unreliable.',
    };
  }
  if (field.horizontalNt < CAUTION_HORIZONTAL_NT) {
    return {
      magnetic,
      note:
        `The horizontal magnetic field here is ${Math.round(field.horizontalNt)} nT, ` +
        'below 6000 nT (the WMM caution zone near a magnetic pole): a compass may be unreliable.',
    };
  }
  return { magnetic };
}
