import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_WIDTH, stubViewportWidth } from '@/lib/testing/viewport';
import { FrameHydration } from './frame-hydration.tsx';
import { useHydrated, useMediaMatch } from './use-hydrated.ts';

/** Draws what a frame part draws: the user's name and the phone layout only once hydrated. */
function Probe({ renders }: { renders: string[] }) {
  const hydrated = useHydrated();
  const phone = useMediaMatch('(max-width: 599.95px)');
  renders.push(`hydrated=${hydrated} phone=${phone}`);
  return (
    <p>
      {hydrated ? 'Ada' : 'frame'}
      {phone ? ' on a phone' : ''}
    </p>
  );
}

describe('FrameHydration', () => {
  let root: Root | null = null;
  // A phone: the query matches in this browser, which the build's HTML cannot know.
  beforeEach(() => stubViewportWidth(PHONE_WIDTH));
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });

  it('hydrates the HTML as the build drew it, then draws the real values after', async () => {
    const html = renderToString(
      <FrameHydration hydrating>
        <Probe renders={[]} />
      </FrameHydration>,
    );
    expect(html).toContain('frame');
    expect(html).not.toContain('phone');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const renders: string[] = [];
    const mismatches: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(
        container,
        <FrameHydration hydrating>
          <Probe renders={renders} />
        </FrameHydration>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });

    expect(mismatches).toEqual([]);
    expect(renders[0]).toBe('hydrated=false phone=false');
    expect(renders.at(-1)).toBe('hydrated=true phone=true');
    expect(container.textContent).toBe('Ada on a phone');
  });

  it('answers the real values from the first render of a page the client draws itself', () => {
    const renders: string[] = [];
    render(
      <FrameHydration hydrating={false}>
        <Probe renders={renders} />
      </FrameHydration>,
    );
    expect(renders[0]).toBe('hydrated=true phone=true');
    expect(screen.getByText('Ada on a phone')).toBeInTheDocument();
  });

  it('answers the real values outside any FrameHydration (tests, a part drawn on its own)', () => {
    const renders: string[] = [];
    render(<Probe renders={renders} />);
    expect(renders[0]).toBe('hydrated=true phone=true');
  });
});
