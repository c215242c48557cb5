// Placeholders in recorded examples (shared by the recorder, which runs under
// plain Node, and the portal, which fills them in when rendering).
export const PUBLIC_URL_TOKEN = '{PUBLIC_URL}';
export const KEY_TOKEN = 'YOUR_API_KEY';

export interface RecordedExample {
  /** Path and query, e.g. /api/v1/qibla?lat=24.8607&lon=67.0011 */
  request: string;
  status: number;
  headers: [string, string][];
  /** Pretty JSON (arrays cut to their first items) or a note for binary bodies. */
  body: string;
  /** True when arrays were cut for display. */
  shortened: boolean;
}
