/**
 * What a call to a store or a carrier failed with: `kind` says what went wrong (and whether sending again may help),
 * `platformAnswer` carries the platform's own words. Kept apart from the client (channel-http.ts, which re-exports
 * it) so that the client stays one readable file.
 */

export type ChannelErrorKind =
  | 'auth'
  | 'forbidden'
  | 'not_found'
  | 'invalid'
  | 'rate_limited'
  | 'unavailable'
  | 'timeout'
  | 'malformed'
  | 'network'
  | 'platform';

const RETRYABLE: ReadonlySet<ChannelErrorKind> = new Set([
  'rate_limited',
  'unavailable',
  'timeout',
  'malformed',
  'network',
]);

export class ChannelError extends Error {
  readonly kind: ChannelErrorKind;
  /** The platform's HTTP status, when it answered. */
  readonly status: number | null;
  /** The platform's own error text, when it gave one. */
  readonly platformMessage: string | null;

  constructor(
    kind: ChannelErrorKind,
    message: string,
    status: number | null = null,
    platformMessage: string | null = null,
  ) {
    super(message);
    this.name = 'ChannelError';
    this.kind = kind;
    this.status = status;
    this.platformMessage = platformMessage;
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }

  /** "401 Unauthorized: [API] Invalid API key or access token" — what the user sees under 'Test connection'. */
  get platformAnswer(): string | null {
    if (this.status === null) return this.platformMessage;
    return this.platformMessage ? `${this.status}: ${this.platformMessage}` : String(this.status);
  }
}

/**
 * The platform's quota lets the next call through only after `waitMs`, longer than a caller should sit in a request:
 * a long job (a pull) ends its slice and comes back then; anyone else sees a rate_limited error that says when.
 */
export class QuotaWait extends ChannelError {
  readonly waitMs: number;

  /** `status` 429 when the platform refused the call; null when our own pacing held it back. */
  constructor(platform: string, operation: string, waitMs: number, status: number | null = null) {
    super('rate_limited', `${platform} allows the next ${operation} call in ${Math.ceil(waitMs / 1000)} s`, status);
    this.name = 'QuotaWait';
    this.waitMs = waitMs;
  }
}

/**
 * An answer longer than its limit, refused as malformed ("UPS answered more than 12 MB; Shipdesk refused it"). Never
 * retried: the same request would only be answered as much again. For a purchase it stays ambiguous (a malformed
 * answer): the label may have been bought.
 */
export class AnswerTooLargeError extends ChannelError {
  readonly limitBytes: number;

  constructor(message: string, limitBytes: number, status: number | null = null) {
    super('malformed', message, status);
    this.name = 'AnswerTooLargeError';
    this.limitBytes = limitBytes;
  }

  override get retryable(): boolean {
    return false;
  }

  /** The platform said nothing worth showing: its status came with more than Shipdesk reads. */
  override get platformAnswer(): string | null {
    return null;
  }
}
