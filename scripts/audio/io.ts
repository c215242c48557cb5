// Output of the audio command: lines for the person running it, figures in their units.

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export function formatMb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
