// For tests of long computations: how many turns the event loop has taken meanwhile.

export interface TurnCounter {
  /** Turns taken since the counter started. */
  readonly turns: number;
  stop(): void;
}

/** Counts the event loop's turns (a setImmediate each) until stop(). */
export function countTurns(): TurnCounter {
  let turns = 0;
  let stopped = false;
  const count = () => {
    turns += 1;
    if (!stopped) setImmediate(count);
  };
  setImmediate(count);
  return {
    get turns() {
      return turns;
    },
    stop() {
      stopped = true;
    },
  };
}
