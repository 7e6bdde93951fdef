import { IDLE_DEBOUNCE_MS, IDLE_LOGOUT_MS } from '@shipdesk/contract';

/** DOM events that count as user activity. */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

interface IdleTimerOptions {
  /** Idle time before onIdle runs (spec 4.3: 30 minutes). */
  timeoutMs?: number;
  /** Activity is handled at most once per this window (spec 9: 500 ms). */
  debounceMs?: number;
  /** Called (debounced) on activity, e.g. to refresh the stored last-activity stamp. */
  onActivity?: (now: number) => void;
  /**
   * The last activity known anywhere (other tabs share it through storage), in ms since the epoch.
   * When the timer fires and this is more recent than this tab's own activity, the timer waits for the rest.
   */
  lastSharedActivity?: () => number | null;
  onIdle: () => void;
  /** Where activity events are listened for. */
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
}

interface IdleTimer {
  stop(): void;
  /** Records activity now (as a DOM event would). */
  activity(): void;
}

/**
 * Calls onIdle once after `timeoutMs` without user activity. Activity is throttled: the first event of a burst
 * resets the timer, the rest of the burst within `debounceMs` is ignored.
 */
export function startIdleTimer(options: IdleTimerOptions): IdleTimer {
  const timeoutMs = options.timeoutMs ?? IDLE_LOGOUT_MS;
  const debounceMs = options.debounceMs ?? IDLE_DEBOUNCE_MS;
  const now = options.now ?? Date.now;
  const target = options.target ?? globalThis.window;
  let lastActivity = now();
  let lastHandled = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = (delay: number) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, delay));
  };

  function check() {
    if (stopped) return;
    const shared = options.lastSharedActivity?.() ?? null;
    const latest = Math.max(lastActivity, shared ?? -Infinity);
    const remaining = latest + timeoutMs - now();
    if (remaining > 0) {
      schedule(remaining);
      return;
    }
    stopped = true;
    detach();
    options.onIdle();
  }

  const onEvent = () => {
    if (stopped) return;
    const t = now();
    if (t - lastHandled < debounceMs) return;
    lastHandled = t;
    lastActivity = t;
    options.onActivity?.(t);
    schedule(timeoutMs);
  };

  const detach = () => {
    for (const name of ACTIVITY_EVENTS) target?.removeEventListener(name, onEvent);
  };

  for (const name of ACTIVITY_EVENTS)
    target?.addEventListener(name, onEvent, { passive: true } as AddEventListenerOptions);
  schedule(timeoutMs);

  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      detach();
    },
    activity: onEvent,
  };
}
