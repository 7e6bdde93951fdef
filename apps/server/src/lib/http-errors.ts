/**
 * An error that carries its HTTP status and the envelope fields. Thrown anywhere below a route; the one error
 * handler in app.ts turns it into `{ code, success: false, message, reason?, errors? }`.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string> | undefined;
  readonly reason: string | undefined;

  constructor(statusCode: number, message: string, extra: { errors?: Record<string, string>; reason?: string } = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = extra.errors;
    this.reason = extra.reason;
  }
}

export const badRequest = (errors: Record<string, string>, message = 'Invalid input') =>
  new HttpError(400, message, { errors });
export const unauthorized = (message: string, reason?: string) => new HttpError(401, message, reason ? { reason } : {});
export const forbidden = (message = 'Your role does not allow this action') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const badGateway = (message: string) => new HttpError(502, message);
export const serviceUnavailable = (message: string) => new HttpError(503, message);
