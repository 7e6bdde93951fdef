import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, lazy, Suspense, type ElementType } from 'react';
import { render, renderHook, screen } from '@testing-library/react';
import { lazyLoaded, loadOnce, revealInTurn, useWhenIdle } from './lazy-load';
import { holdUntil } from './page-settled';

afterEach(() => vi.useRealTimers());

describe('useWhenIdle on a page whose data has not come', () => {
  it("waits for the page's data, unless told the page's live updates need it at once", async () => {
    vi.useFakeTimers();
    holdUntil(new Promise(() => undefined));
    const control = vi.fn();
    const signIn = vi.fn();
    renderHook(() => {
      useWhenIdle(control);
      useWhenIdle(signIn, true, false);
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(control).not.toHaveBeenCalled();
  });
});

describe('revealInTurn', () => {
  it('runs the reveals queued together one per task, in their order', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    revealInTurn(() => order.push('filters'));
    revealInTurn(() => order.push('views'));
    revealInTurn(() => order.push('export'));
    expect(order).toEqual([]);
    await vi.advanceTimersToNextTimerAsync();
    expect(order).toEqual(['filters']);
    await vi.advanceTimersToNextTimerAsync();
    expect(order).toEqual(['filters', 'views']);
    await vi.advanceTimersToNextTimerAsync();
    expect(order).toEqual(['filters', 'views', 'export']);
    // A later reveal starts a new turn.
    revealInTurn(() => order.push('columns'));
    await vi.advanceTimersToNextTimerAsync();
    expect(order).toEqual(['filters', 'views', 'export', 'columns']);
  });
});

describe('lazyLoaded', () => {
  const Hello = () => createElement('p', null, 'hello');
  const inSuspense = (Component: ElementType) =>
    createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Component));

  it('draws a module already loaded in the render that asks for it, where React.lazy would suspend', async () => {
    const load = loadOnce(() => Promise.resolve({ Hello }));
    await load();
    const plain = render(inSuspense(lazy(() => load().then((m) => ({ default: m.Hello })))));
    expect(screen.getByText('loading')).toBeInTheDocument();
    plain.unmount();
    render(inSuspense(lazyLoaded(load, (m) => m.Hello)));
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('hello')).toBeInTheDocument();
  });

  it('waits for a module not loaded yet, behind the fallback', async () => {
    const load = loadOnce(() => Promise.resolve({ Hello }));
    render(inSuspense(lazyLoaded(load, (m) => m.Hello)));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('hello')).toBeInTheDocument();
  });
});
