// Moves every clock the process reads forward at once, without waiting: `Date.now()` and
// `new Date()`, `performance.now()`, `process.hrtime()` and `process.hrtime.bigint()`.
// For rules measured in time (rate-limit windows, cache TTLs) tested through real
// sockets, Redis and timers: those keep running on real time, and the clocks only
// ever move forward, so nothing in flight sees time go back.
//
// Why not vitest's fake timers: koa-ratelimit and async-ratelimiter take a
// `process.hrtime()` baseline when they load, and a faked hrtime restarts at zero (their
// clocks would fall back by the machine's uptime); lru-cache keeps the `performance`
// object it saw at load, and the fake swaps the global object instead of patching it.
const NS_PER_MS = 1_000_000n;
const NS_PER_S = 1_000_000_000n;

export interface ClockSkip {
  /** Moves every clock forward by `ms` (whole milliseconds) from now on. */
  advance(ms: number): void;
  /** Puts the real clocks back; later readings go back by the total skipped. */
  restore(): void;
}

export function installClockSkip(): ClockSkip {
  const RealDate = Date;
  const realHrtime = process.hrtime;
  const realBigint = process.hrtime.bigint;
  const realPerformanceNow = performance.now.bind(performance);
  let skippedMs = 0;

  const now = () => RealDate.now() + skippedMs;
  const bigint = () => realBigint() + BigInt(skippedMs) * NS_PER_MS;
  function hrtime(previous?: [number, number]): [number, number] {
    const since = previous === undefined ? 0n : BigInt(previous[0]) * NS_PER_S + BigInt(previous[1]);
    const elapsed = bigint() - since;
    return [Number(elapsed / NS_PER_S), Number(elapsed % NS_PER_S)];
  }

  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
  process.hrtime = Object.assign(hrtime, { bigint });
  // An own property over Performance.prototype.now: code holding the object sees it too.
  Object.defineProperty(performance, 'now', {
    value: () => realPerformanceNow() + skippedMs,
    configurable: true,
    writable: true,
  });

  return {
    advance(ms) {
      if (!Number.isInteger(ms) || ms < 0)
        throw new RangeError(`clocks only skip forward by whole milliseconds, not ${ms}`);
      skippedMs += ms;
    },
    restore() {
      globalThis.Date = RealDate;
      process.hrtime = realHrtime;
      Reflect.deleteProperty(performance, 'now');
    },
  };
}
