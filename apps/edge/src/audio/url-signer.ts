// Signed links are made on every content response (up to 13 reciters × 300 verses). An
// answer's links are issued together at the start of its step (a divisor of a minute, at
// most a 60th of MEDIA_EXPIRED_TIME, docs/api-decisions.md "Signed audio"), so every link
// an answer makes within one step is byte-identical, and the content memo can replay the
// whole answer for the step (content-response/memo.ts). Each answer's steps start a whole
// number of seconds into the minute, a number of its own (its phase).
import { signedUrl, type Signer } from './signing.ts';

// Divisors of a minute: a step with no phase never straddles a minute, hour or UTC day.
const STEP_CHOICES_S = [60, 30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1];
// A link lives at least this share of MEDIA_EXPIRED_TIME: its lifetime less one step.
const LIFETIME_PER_STEP = 60;

/** The issuing step for a link lifetime: the longest divisor of a minute within a 60th of it. */
export function linkStepS(lifetimeS: number): number {
  return STEP_CHOICES_S.find((step) => step * LIFETIME_PER_STEP <= lifetimeS) ?? 1;
}

export interface UrlSigner {
  readonly signer: Signer;
  /** Length of a step (linkStepS) in milliseconds. */
  readonly stepMs: number;
  /**
   * How long after its step an answer's links may still be handed out: one step when a
   * step is at most a 60th of the lifetime (links then live at least 58/60 of it), none
   * for lifetimes under a minute, whose one-second steps are a larger share.
   */
  readonly graceMs: number;
  /**
   * When links read at `nowMs` are issued: the start of the step `nowMs` falls in, steps
   * starting `phaseMs` (whole seconds, less than a step) after the minute-aligned ones.
   */
  issuedAt(nowMs: number, phaseMs?: number): number;
  /** The signed URL of `path` issued at `issuedMs` (a value of issuedAt): it expires a lifetime later. */
  url(path: string, issuedMs: number): string;
}

export function createUrlSigner(signer: Signer): UrlSigner {
  const stepS = linkStepS(signer.lifetimeS);
  const stepMs = stepS * 1000;
  return {
    signer,
    stepMs,
    graceMs: stepS * LIFETIME_PER_STEP <= signer.lifetimeS ? stepMs : 0,
    issuedAt: (nowMs, phaseMs = 0) => Math.floor((nowMs - phaseMs) / stepMs) * stepMs + phaseMs,
    url: (path, issuedMs) => signedUrl(signer, path, issuedMs),
  };
}
