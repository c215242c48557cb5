// The array layout used by the tree: one element per line, so every element's bytes
// are a contiguous, self-contained JSON value the edge can slice out.

/** `[\n<a>,\n<b>\n]` from already-serialised elements. */
export function jsonLines(elements: readonly string[]): string {
  return `[\n${elements.join(',\n')}\n]`;
}
