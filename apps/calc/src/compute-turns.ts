// Long computations (a year's calendar, a year's feed) go a month at a time, and the
// process lets one month in per turn of the event loop, in the order they asked: between
// two months calc reads and answers everything else (its health checks, other keys'
// requests), however many long computations are under way. Work that may be long in one
// piece (a polar place's day or month) takes a turn of its own the same way.
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
 * Calls `run(done)` for each run of at most `perRun` of `count` items (days): one run at once,
 * as a short answer is computed; more as one of the long runs under way, each run in a turn of
 * its own. Parked for a turn, month calendars paid for it (bench: prayer-calendar-month), so one run
 * waits only when `ownTurn` says it may be long.
 */
export async function inRuns(
  count: number,
  perRun: number,
  run: (done: number) => void,
  ownTurn = false,
): Promise<void> {
  if (count <= perRun) return inTurn(ownTurn, () => run(0));
  // A long run waits whole for one of the LONG_RUNS_AT_ONCE places.
  await longRuns.run(async () => {
    for (let done = 0; done < count; done += perRun) {
      await nextTurn();
      run(done);
    }
  });
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
