import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { markPageDrawn, resetPageDrawn, usePageDrawn, whenPageDrawn } from './page-drawn';

function Page({ drawn }: { drawn: boolean }) {
  usePageDrawn(drawn);
  return null;
}

afterEach(() => resetPageDrawn());

describe('usePageDrawn', () => {
  it('says the page is drawn once its part has drawn the data, not while it loads, and only once', () => {
    const listener = vi.fn();
    whenPageDrawn(listener);
    const { rerender } = render(<Page drawn={false} />);
    expect(listener).not.toHaveBeenCalled();
    rerender(<Page drawn />);
    expect(listener).toHaveBeenCalledTimes(1);
    markPageDrawn();
    expect(listener).toHaveBeenCalledTimes(1);
    // Asked after the fact: answered at once.
    const late = vi.fn();
    whenPageDrawn(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('lets a listener stop waiting', () => {
    const listener = vi.fn();
    whenPageDrawn(listener)();
    markPageDrawn();
    expect(listener).not.toHaveBeenCalled();
  });
});
