/**
 * Spec 4.2: the setup-guide call "succeeds" when it answers code 200 with success, or with any non-null
 * response. Returns the steps to store (empty when the answer holds none), or null when the answer does not
 * count (then nothing changes: isSetupApiDone never goes back to false).
 */
export function setupStepsFromResponse(response: unknown): Record<string, boolean> | null {
  if (response === null || response === undefined) return null;
  const data = typeof response === 'object' ? (response as { data?: unknown }).data : undefined;
  const steps = data && typeof data === 'object' ? (data as { steps?: unknown }).steps : undefined;
  if (!steps || typeof steps !== 'object' || Array.isArray(steps)) return {};
  const out: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(steps)) {
    if (typeof value === 'boolean') out[key] = value;
  }
  return out;
}
