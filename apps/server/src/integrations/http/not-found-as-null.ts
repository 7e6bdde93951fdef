import { ChannelError } from './channel-http.ts';

/** What the request answers, or null when the platform says there is no such thing (a lookup, not a failure). */
export async function orNullWhenNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ChannelError && error.kind === 'not_found') return null;
    throw error;
  }
}
