import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmFormats } from './warm-formats';

describe('warmFormats', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('builds a date format and a money format, in tasks after the caller', async () => {
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const warming = warmFormats();
    // Nothing in the caller's task: the page's hydration goes first.
    expect(dates).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();
    await warming;
    expect(dates).toHaveBeenCalled();
    expect(numbers).toHaveBeenCalled();
  });
});
