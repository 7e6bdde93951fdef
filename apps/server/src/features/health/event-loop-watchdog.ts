/**
 * Whether this process's event loop is free: the liveness behind `/healthz`. A loop held for seconds (a runaway
 * computation, a synchronous call that never returns) holds every organisation's requests, and the process will not
 * recover by itself; only a restart helps. While it is held nothing of this process can answer, so a probe times
 * out; a probe that waited through the block is answered "not live" once the loop is free again, so the prober (the
 * launcher, an orchestrator's liveness probe) counts it as a failure too and restarts the process.
 *
 * A timer beats every `beatMs`; a beat that comes `limitMs` or more late measured a block. Nothing here polls for
 * work: it only notices time that went missing.
 */

interface Liveness {
  live: boolean;
  /** The block that makes the process not live (ms), when it is not. */
  blockedMs?: number;
}

interface EventLoopWatchdog {
  liveness(): Liveness;
  stop(): void;
}

interface WatchdogOptions {
  /** A block this long or longer makes the process not live (ms). */
  limitMs: number;
  /** How long after a block ended probes are still answered "not live": those that waited through it (ms). */
  reportForMs?: number;
  beatMs?: number;
  /** Told of every block at or over the limit, once it has ended (for the log). */
  onBlocked?: (blockedMs: number) => void;
  now?: () => number;
}

export function startEventLoopWatchdog(options: WatchdogOptions): EventLoopWatchdog {
  const { limitMs, onBlocked } = options;
  const beatMs = options.beatMs ?? 100;
  const reportForMs = options.reportForMs ?? 2_000;
  const now = options.now ?? (() => performance.now());
  let lastBeat = now();
  let lastBlock: { ms: number; endedAt: number } | null = null;

  const timer = setInterval(() => {
    const at = now();
    const late = at - lastBeat - beatMs;
    lastBeat = at;
    if (late >= limitMs) {
      lastBlock = { ms: late, endedAt: at };
      onBlocked?.(late);
    }
  }, beatMs);
  timer.unref();

  return {
    liveness() {
      const at = now();
      // Answered before the timer had its turn after a block: the block is measured here.
      const sinceBeat = at - lastBeat - beatMs;
      if (sinceBeat >= limitMs) return { live: false, blockedMs: Math.round(sinceBeat) };
      if (lastBlock && at - lastBlock.endedAt <= reportForMs)
        return { live: false, blockedMs: Math.round(lastBlock.ms) };
      return { live: true };
    },
    stop() {
      clearInterval(timer);
    },
  };
}
