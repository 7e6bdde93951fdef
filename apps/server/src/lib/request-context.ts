import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The request a piece of work belongs to, so that what it starts later (a pg-boss job) still names it: a request
 * runs its handler inside `runForRequest`; a job sent from there carries `requestId` in its data; a worker runs the
 * job inside `runForJob`, and every log line written meanwhile gets `reqId` (see `logMixin`), on whichever instance.
 */
interface WorkContext {
  requestId: string;
  /** A job's work: its log lines need the id added; a request's lines already carry it (Fastify's child logger). */
  job: boolean;
}

const context = new AsyncLocalStorage<WorkContext>();

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

export function runForRequest<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId, job: false }, fn);
}

function runForJob<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? context.run({ requestId, job: true }, fn) : fn();
}

/** pino's `mixin`: the request id of the job being worked, on every line written for it. */
export function logMixin(): Record<string, string> {
  const store = context.getStore();
  return store?.job ? { reqId: store.requestId } : {};
}

/** A load balancer's `X-Request-Id` is kept when it looks like an id (it goes into logs and job data). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's `genReqId`: ids unique across instances (the default counter restarts at req-1 in each process). */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

interface JobLike {
  data?: unknown;
}
type Handler = (jobs: JobLike[]) => Promise<unknown>;

/**
 * Makes a pg-boss instance carry the request id: `send` adds the current request's id to an object's data (unless it
 * names one already), `work` runs each handler call in its first job's context. Additive: nothing else changes.
 */
export function carryRequestId(boss: { send: unknown; work: unknown }): void {
  const send = (boss.send as (...args: unknown[]) => Promise<unknown>).bind(boss);
  boss.send = (...args: unknown[]) => {
    const requestId = currentRequestId();
    if (requestId) {
      if (typeof args[0] === 'string') args[1] = withRequestId(args[1], requestId);
      else if (args[0] && typeof args[0] === 'object') {
        const request = args[0] as { data?: unknown };
        args[0] = { ...request, data: withRequestId(request.data, requestId) };
      }
    }
    return send(...args);
  };
  const work = (boss.work as (...args: unknown[]) => Promise<unknown>).bind(boss);
  boss.work = (...args: unknown[]) => {
    const last = args.length - 1;
    const handler = args[last] as Handler;
    if (typeof handler === 'function') {
      args[last] = (jobs: JobLike[]) => runForJob(requestIdOf(jobs[0]?.data), () => handler(jobs));
    }
    return work(...args);
  };
}

function withRequestId(data: unknown, requestId: string): unknown {
  if (data === undefined || data === null) return { requestId };
  if (typeof data !== 'object' || Array.isArray(data) || 'requestId' in data) return data;
  return { ...data, requestId };
}

function requestIdOf(data: unknown): string | undefined {
  const id = data && typeof data === 'object' ? (data as { requestId?: unknown }).requestId : undefined;
  return typeof id === 'string' ? id : undefined;
}
