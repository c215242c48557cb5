// Long computations (a year's calendar, a year's feed) go a month at a time, and the
// process lets one month in per turn of the event loop, in the order they asked: between
// two months calc reads and answers everything else (its health checks, other keys'
// requests), however many long computations are under way.
const waiting: Array<() => void> = [];
let letting = false;

function letOneIn(): void {
  const next = waiting.shift();
  // Queued while this turn's check phase runs, so the next one waits for the next turn.
  if (waiting.length > 0) setImmediate(letOneIn);
  else letting = false;
  next?.();
}

/** Resolves in a later turn of the event loop, after the computations that asked before it. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!letting) {
      letting = true;
      setImmediate(letOneIn);
    }
  });
}
