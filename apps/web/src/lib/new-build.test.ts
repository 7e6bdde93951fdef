import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadedForNewBuildRecently, reloadForNewBuild } from './new-build';

afterEach(() => sessionStorage.clear());

describe('reloadForNewBuild', () => {
  it('reloads once for a missing chunk, not again moments later, and again for a later deployment', () => {
    const reload = vi.fn();
    expect(reloadedForNewBuildRecently(1_000_000)).toBe(false);
    expect(reloadForNewBuild(reload, 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page misses a chunk too: the error page is shown instead of a reload loop.
    expect(reloadedForNewBuildRecently(1_010_000)).toBe(true);
    expect(reloadForNewBuild(reload, 1_010_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    expect(reloadForNewBuild(reload, 1_000_000 + 60 * 60_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
