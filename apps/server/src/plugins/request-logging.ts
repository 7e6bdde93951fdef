import fp from 'fastify-plugin';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { isRoutineRequest } from '../lib/logging.ts';
import { runForRequest } from '../lib/request-context.ts';

/**
 * One line per request, when it is answered: method, path (never its query string), status, time. Health checks,
 * scrapes and static files at debug, everything else at info; a failed response at error as Fastify does.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // Said once, by requestCompleted: half the lines, and each one holds the whole story of its request.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const level = isRoutineRequest(request, reply) ? 'debug' : 'info';
    reply.log[level]({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(): void {
    // Fastify's own words repeat the raw URL with its query string; the completed line says 404.
  }
}

/**
 * Runs each handler in its request's context, so that a job it sends carries the request's id
 * (lib/request-context.ts).
 */
export const requestContextPlugin = fp(
  async (app) => {
    // preHandler, not onRequest: a body is parsed in the request stream's context, which would lose the id.
    app.addHook('preHandler', (request, _reply, done) => runForRequest(request.id, done));
  },
  { name: 'request-context' },
);
