// Work that holds much memory or a core while it runs (a deflate, a password hash) takes
// turns: at most `limit` tasks run at once, the others wait in the order they came.

export interface Turns {
  /** Runs `task` when a turn is free; a task that ends hands its turn to the first waiting. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks waiting for a turn (there are some only while every turn is taken). */
  readonly waiting: number;
}

export function createTurns(limit: number): Turns {
  let running = 0;
  const queue: Array<() => void> = [];
  return {
    async run(task) {
      // A turn handed over keeps `running` as it is.
      if (running < limit) running++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        const next = queue.shift();
        if (next === undefined) running--;
        else next();
      }
    },
    get waiting() {
      return queue.length;
    },
  };
}
