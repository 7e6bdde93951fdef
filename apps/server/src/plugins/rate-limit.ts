import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from '../lib/http-errors.ts';

interface RateLimitOptions {
  max: number;
  timeWindowMs: number;
}

/**
 * Requests per client address and window, for the scope it is registered in (the API, not static files).
 * The in-memory store is per process; behind several instances each counts on its own.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, options) => {
    await app.register(rateLimit, {
      global: true,
      max: options.max,
      timeWindow: options.timeWindowMs,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, `Too many requests: try again in ${context.after}`, { reason: 'rate_limited' }),
    });
  },
  { name: 'rate-limit' },
);
