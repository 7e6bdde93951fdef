import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/**
 * A Lighthouse trace re-timed on CPU time: each task of the page's main thread lasts as long as the thread ran on
 * the CPU (its `tdur`) instead of its wall time (`dur`), so the time the OS gave to other processes of a busy machine
 * falls out of what Lighthouse's simulation (Lantern) makes of the trace.
 *
 * Only the main thread's top-level tasks are re-timed, as they are what Lantern simulates (one CPU node per task, its
 * length the task's `dur`, multiplied by the CPU slowdown). What a task contains is scaled with it: every event of the
 * thread inside the task keeps its share of the task (start and length multiplied by the task's CPU / wall ratio), so
 * nested events stay nested and Lighthouse's attribution of a task to scripts is kept. A task keeps its start: the
 * order of tasks and network requests, from which Lantern draws its dependency graph, does not change.
 */

/** An event of a Chromium trace as Lighthouse saves it (times in microseconds). */
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args: Record<string, unknown>;
}

export interface CpuRetiming {
  /** Top-level tasks of the main thread re-timed (those with a CPU duration). */
  tasks: number;
  /** Their wall time and their CPU time, ms. */
  wallMs: number;
  cpuMs: number;
}

// LH.TraceEvent is a global of Lighthouse's own types; this file reads only the fields above.
type ProcessorEvents = Parameters<typeof TraceProcessor.filteredTraceSort>[0];

/** The main thread's events of the page Lighthouse loaded, in trace order (parents before their children). */
function mainThreadEvents(events: TraceEvent[]): TraceEvent[] {
  const all = events as unknown as ProcessorEvents;
  // The events Lighthouse itself reads to find the page's frame and its renderer (TraceProcessor.processTrace).
  const keyEvents = TraceProcessor.filteredTraceSort(
    all,
    (e) =>
      e.cat.includes('blink.user_timing') ||
      e.cat.includes('loading') ||
      e.cat.includes('devtools.timeline') ||
      e.cat === '__metadata',
  );
  const pidToTid = TraceProcessor.findMainFramePidTids(TraceProcessor.findMainFrameIds(keyEvents), keyEvents);
  return TraceProcessor.filteredTraceSort(all, (e) => pidToTid.get(e.pid) === e.tid) as unknown as TraceEvent[];
}

/** Complete events that start inside another and end after it: a trace Lighthouse would misread. */
function nestingBreaks(events: TraceEvent[]): number {
  const open: number[] = [];
  let breaks = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    while (open.length > 0 && event.ts >= open.at(-1)!) open.pop();
    const end = event.ts + event.dur;
    if (open.length > 0 && end > open.at(-1)!) breaks += 1;
    open.push(end);
  }
  return breaks;
}

/** Re-times `events` (a trace's `traceEvents`, changed in place) on the main thread's CPU time. */
export function retimeOnCpu(events: TraceEvent[]): CpuRetiming {
  const main = mainThreadEvents(events);
  const breaksBefore = nestingBreaks(main);
  const result: CpuRetiming = { tasks: 0, wallMs: 0, cpuMs: 0 };
  let task: { start: number; end: number; ratio: number } | null = null;
  for (const event of main) {
    const dur = event.dur ?? 0;
    const inside = task !== null && (event.ts < task.end || (event.ts === task.end && dur === 0));
    if (task && inside) {
      // Rounded to whole microseconds from the mapped start and end, so that a child never ends after its task.
      const at = (ts: number) => Math.round(task!.start + (ts - task!.start) * task!.ratio);
      const start = at(event.ts);
      if (event.dur !== undefined) event.dur = at(event.ts + event.dur) - start;
      event.ts = start;
      continue;
    }
    if (event.ph !== 'X' || dur <= 0) continue;
    const ratio = event.tdur === undefined ? 1 : Math.min(1, Math.max(0, event.tdur / dur));
    task = { start: event.ts, end: event.ts + dur, ratio };
    if (event.tdur === undefined) continue;
    event.dur = Math.round(dur * ratio);
    result.tasks += 1;
    result.wallMs += dur / 1000;
    result.cpuMs += event.dur / 1000;
  }
  const breaksAfter = nestingBreaks(mainThreadEvents(events));
  if (breaksAfter > breaksBefore) {
    throw new Error(`re-timing on CPU time broke the nesting of ${breaksAfter - breaksBefore} trace events`);
  }
  return result;
}
