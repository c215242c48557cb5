// Long computations (a year's calendar, a year's feed) go a month at a time, or fewer days
// where a month would hold calc past RUN_BUDGET_MS, and the process lets one run in per turn
// of the event loop, in the order they asked: between two runs calc reads and answers
// everything else (its health checks, other keys' requests), however many long computations
// are under way. Work that may be long in one piece (a polar place's day or month) takes a
// turn of its own the same way.
import { createTurns } from '@ira/core/runtime/turns';

/**
 * Long computations under way at once; the others wait whole. Each holds its days until it
 * answers: a burst of year calendars advancing together took calc past its memory target
 * (bench: prayer-calendar-year).
 */
export const LONG_RUNS_AT_ONCE = 4;
const longRuns = createTurns(LONG_RUNS_AT_ONCE);

const waiting: Array<() => void> = [];
let letting = false;

function letOneIn(): void {
  const next = waiting.shift();
  // Queued while this turn's check phase runs, so the next one waits for the next turn.
  if (waiting.length > 0) setImmediate(letOneIn);
  else letting = false;
  next?.();
}

/**
 * How long one run may hold calc's event loop. A month at a polar place costs many ordinary
 * months, and a slower host multiplies it again (bench: worst-north-pole-feed-366-tehran).
 */
export const RUN_BUDGET_MS = 10;

export interface RunsOptions {
  /** An item may be long (a polar place's day): runs begin at one item and wait a turn even when few. */
  ownTurn?: boolean;
  /** For tests: the clock the runs are timed by. */
  now?: () => number;
}

/**
 * Calls `run(done, size)` for runs of at most `perRun` of `count` items (days), each run after
 * the first as long as RUN_BUDGET_MS allows by the last one's pace: one run at once, as a short
 * answer is computed; more as one of the long runs under way, each run in a turn of its own.
 * Parked for a turn, month calendars paid for it (bench: prayer-calendar-month), so one run
 * waits only when `ownTurn` says an item may be long.
 */
export async function inRuns(
  count: number,
  perRun: number,
  run: (done: number, size: number) => void,
  { ownTurn = false, now = () => performance.now() }: RunsOptions = {},
): Promise<void> {
  if (count <= perRun && !ownTurn) return run(0, count);
  const runAll = async () => {
    let size = ownTurn ? 1 : perRun;
    for (let done = 0; done < count;) {
      await nextTurn();
      const items = Math.min(size, count - done);
      const started = now();
      run(done, items);
      done += items;
      const perItemMs = (now() - started) / items;
      size = Math.max(1, Math.min(perRun, Math.floor(RUN_BUDGET_MS / perItemMs)));
    }
  };
  // A long run waits whole for one of the LONG_RUNS_AT_ONCE places.
  return count <= perRun ? runAll() : longRuns.run(runAll);
}

/** `compute()` now, or in a later turn of its own when `ownTurn`: an ordinary answer stays synchronous. */
export function inTurn<T>(ownTurn: boolean, compute: () => T): T | Promise<T> {
  return ownTurn ? nextTurn().then(compute) : compute();
}

/** Resolves in a later turn of the event loop, after the computations that asked before it. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!letting) {
      letting = true;
      setImmediate(letOneIn);
    }
  });
}
