/**
 * Resolves in a later task: what the browser has waiting (input, a paint) goes first. For work split into steps so
 * that a phone's main thread answers between them.
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
