/** A path or body id -> a number, or null when it cannot be an id (answered as 404 like a missing one). */
export function parseId(text: string): number | null {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
