// The example request and response of each operation, recorded from the
// running API when the portal is built (scripts/record-examples.ts writes
// src/generated/examples.json). Placeholders stand for what differs per
// deployment and are filled in when a page is rendered.
import { PUBLIC_URL_TOKEN, type RecordedExample } from './example-tokens.ts';

export type { RecordedExample };

// Eager glob: an absent file (typecheck before the first build) is an empty map, not an error.
const files = import.meta.glob<{ default: Record<string, RecordedExample> }>('../generated/examples.json', {
  eager: true,
});
const recorded: Record<string, RecordedExample> = Object.values(files)[0]?.default ?? {};

/** The recorded example of an operation with this deployment's URL filled in; null if none was recorded. */
export function recordedExample(operationId: string, publicUrl: string): RecordedExample | null {
  const example = recorded[operationId];
  if (!example) return null;
  const fill = (text: string) => text.replaceAll(PUBLIC_URL_TOKEN, publicUrl);
  return {
    ...example,
    request: fill(example.request),
    headers: example.headers.map(([name, value]) => [name, fill(value)]),
    body: fill(example.body),
  };
}
