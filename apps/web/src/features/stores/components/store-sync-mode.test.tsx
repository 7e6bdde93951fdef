import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Store } from '@shipdesk/contract';
import { store } from '../testing';
import { StoreSyncMode } from './store-sync-mode';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const push = (status: Store['push']['status'], error: string | null = null): Store['push'] => ({
  status,
  error,
  counts: { recorded: 0, duplicate: 0, ignored: 0 },
});

function textOf(overrides: Partial<Store>) {
  const { container, unmount } = render(<StoreSyncMode store={store(overrides)} />);
  const text = container.textContent;
  unmount();
  return text;
}

describe('StoreSyncMode', () => {
  it('says which mode the store is in and when it last heard from the channel', () => {
    expect(textOf({ push: push('active'), lastHeardAt: minutesAgo(2) })).toBe('Live (push) · Last heard 2 min ago');
    expect(textOf({ push: push('pending'), lastHeardAt: minutesAgo(0) })).toBe('Push pending · Last heard just now');
    expect(textOf({ push: push('failed', 'The queue refused us'), lastHeardAt: minutesAgo(5) })).toBe(
      'Push failed · Last heard 5 min agoThe queue refused us',
    );
    expect(textOf({ syncIntervalMinutes: 60, lastHeardAt: minutesAgo(30) })).toBe(
      'Scheduled every 1 h · Last heard 30 min ago',
    );
    expect(textOf({ syncIntervalMinutes: 15, lastHeardAt: minutesAgo(3) })).toBe(
      'Scheduled every 15 min · Last heard 3 min ago',
    );
    expect(textOf({ syncIntervalMinutes: null, lastHeardAt: null })).toBe('Manual · Not heard from yet');
    expect(textOf({ sourceType: 'Wholesale', syncIntervalMinutes: null })).toBe('');
  });

  it('warns when a scheduled store has been quiet for more than twice its cadence', () => {
    render(<StoreSyncMode store={store({ syncIntervalMinutes: 60, lastHeardAt: minutesAgo(185) })} />);
    expect(screen.getByLabelText('Sync: Not heard from in 3 h')).toBeInTheDocument();
  });

  it('does not warn within twice the cadence, nor for a store without a schedule', () => {
    render(<StoreSyncMode store={store({ syncIntervalMinutes: 60, lastHeardAt: minutesAgo(120) })} />);
    render(<StoreSyncMode store={store({ id: '2', syncIntervalMinutes: null, lastHeardAt: minutesAgo(6000) })} />);
    expect(screen.queryByText(/Not heard from in/)).not.toBeInTheDocument();
  });
});
