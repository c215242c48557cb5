// Path values as a URL segment, encoded only where needed: RFC 3986 §3.3 allows `:`, `@`
// and the sub-delimiters in a segment, so a verse key reads `2:255` in the curl a user
// copies (encodeURIComponent wrote `2%3A255`); `/`, `?`, `#`, `%` and spaces are still encoded.
const SEGMENT_CHARS_KEPT = /%(3A|40|24|26|2B|2C|3B|3D)/g;

export function encodePathSegment(value: string): string {
  return encodeURIComponent(value).replace(SEGMENT_CHARS_KEPT, (escape) => decodeURIComponent(escape));
}

/** The path template with each `{name}` replaced by its value as a segment. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : encodePathSegment(values[name]),
  );
}
