// The reciters of the catalogue (static-data/source/reciters.json), by id: the values the
// `reciter` parameter lists in the OpenAPI document. reciter-ids.test.ts keeps the two equal.
export const RECITER_IDS = [
  'alafasy',
  'abdul-basit-murattal',
  'abdul-basit-mujawwad',
  'sudais',
  'husary',
  'minshawi-murattal',
  'minshawi-mujawwad',
  'shuraym',
  'ghamdi',
  'muaiqly',
  'hudhaify',
  'shaatree',
  'ibrahim-walk',
  'bengali-muhiuddin-khan',
] as const;
