import type { Profiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import type { OwnerSql } from './pull-copy.ts';

/**
 * Where the CPU goes while something runs: a sampled V8 profile of this thread, each sample given to a part by a
 * function of its stack; and, on PostgreSQL, the rows each table took in, had changed or lost in the meantime.
 */

export interface CallFrame {
  functionName: string;
  url: string;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuShare {
  part: string;
  share: number;
}

/**
 * Runs `work` under the sampling profiler; `partOf` names the part of a sample from its stack (innermost frame first),
 * or null to leave the sample out. Answers the shares of the parts, biggest first.
 */
export async function profileCpu<T>(
  work: () => Promise<T>,
  partOf: (stack: readonly CallFrame[]) => string | null,
): Promise<[T, CpuShare[]]> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 250 });
  await session.post('Profiler.start');
  let result: T;
  let profile: Profiler.Profile;
  try {
    result = await work();
  } finally {
    ({ profile } = await session.post('Profiler.stop'));
    session.disconnect();
  }
  const nodes = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node as ProfileNode]));
  const parent = new Map<number, number>();
  for (const node of nodes.values()) for (const child of node.children ?? []) parent.set(child, node.id);
  // A node's stack is always the same: its part is worked out once.
  const parts = new Map<number, string | null>();
  const partOfNode = (id: number) => {
    if (!parts.has(id)) {
      const stack: CallFrame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(nodes.get(at)!.callFrame);
      const leaf = stack[0]!.functionName;
      parts.set(id, leaf === '(idle)' || leaf === '(program)' || leaf === '(root)' ? null : partOf(stack));
    }
    return parts.get(id)!;
  };
  const time = new Map<string, number>();
  let total = 0;
  profile.samples!.forEach((sample, i) => {
    const part = partOfNode(sample);
    if (part === null) return;
    const dt = profile.timeDeltas![i] ?? 0;
    total += dt;
    time.set(part, (time.get(part) ?? 0) + dt);
  });
  return [result, [...time].map(([part, t]) => ({ part, share: t / total })).sort((a, b) => b.share - a.share)];
}

/** Where a frame's code lives: a package's name, a file of the server, or Node's own code. */
export function placeOf(frame: CallFrame): string {
  const url = frame.url;
  // V8's built-ins and Node's native bindings have no script.
  if (url === '')
    return frame.functionName.startsWith('(') ? frame.functionName : `built-in ${frame.functionName || '(anonymous)'}`;
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite: PostgreSQL itself)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return "Node's own code";
  const server = /apps\/server\/src\/(.*)$/.exec(url);
  if (server) return `server: ${server[1]}`;
  return url.replace(/^file:\/\/.*\/(bench|packages)\//, '$1/');
}

export interface TableWrites {
  table: string;
  inserted: number;
  updated: number;
  deleted: number;
}

/** Rows inserted, updated and deleted per table of the database so far (PostgreSQL's statistics). */
export async function tableWrites(owner: OwnerSql): Promise<Map<string, TableWrites>> {
  // A backend that has gone idle reports its counts within 10 s (PGSTAT_IDLE_INTERVAL): wait for the last of them.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  await owner.rows('SELECT pg_stat_clear_snapshot()');
  const rows = await owner.rows<{ relname: string; ins: string; upd: string; del: string }>(
    `SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del FROM pg_stat_user_tables`,
  );
  return new Map(
    rows.map((r) => [
      r.relname,
      { table: r.relname, inserted: Number(r.ins), updated: Number(r.upd), deleted: Number(r.del) },
    ]),
  );
}

/** The writes between two readings, tables with none left out, most first. */
export function writesBetween(before: Map<string, TableWrites>, after: Map<string, TableWrites>): TableWrites[] {
  return [...after.values()]
    .map((a) => {
      const b = before.get(a.table);
      return {
        table: a.table,
        inserted: a.inserted - (b?.inserted ?? 0),
        updated: a.updated - (b?.updated ?? 0),
        deleted: a.deleted - (b?.deleted ?? 0),
      };
    })
    .filter((w) => w.inserted + w.updated + w.deleted > 0)
    .sort((x, y) => y.inserted + y.updated + y.deleted - (x.inserted + x.updated + x.deleted));
}
