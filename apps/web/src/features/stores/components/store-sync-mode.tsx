import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { storeStalledFor, type Store } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';

/** How long ago, in the fewest words: "just now", "12 min", "3 h", "2 days". */
function quietFor(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

function cadence(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${minutes} min`;
}

/** How orders reach Shipdesk from this store: pushed by the channel, pulled on a schedule, or only when asked. */
function modeText(store: Store): { text: string; tone: 'success' | 'warning' | 'error' | 'neutral' } {
  if (store.push.status === 'active') return { text: 'Live (push)', tone: 'success' };
  if (store.push.status === 'pending') return { text: 'Push pending', tone: 'warning' };
  if (store.push.status === 'failed') return { text: 'Push failed', tone: 'error' };
  if (store.syncIntervalMinutes !== null) {
    return { text: `Scheduled every ${cadence(store.syncIntervalMinutes)}`, tone: 'neutral' };
  }
  return { text: 'Manual', tone: 'neutral' };
}

/** The time now, moved on every minute (for "Last heard 2 min ago" to stay true while the page is open). */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A store's sync mode, when it last heard from its channel and, for a scheduled store silent for more than twice its
 * cadence, a warning that says for how long. Wholesale stores have no channel: nothing is shown.
 */
export function StoreSyncMode({ store }: { store: Store }) {
  const now = useMinuteClock();
  if (store.sourceType === 'Wholesale') return null;
  const mode = modeText(store);
  const stalled = storeStalledFor(store, now);
  const heard = store.lastHeardAt ? Date.parse(store.lastHeardAt) : null;
  const ago = heard === null ? null : quietFor(Math.max(0, now - heard));
  const heardText = ago === null ? 'Not heard from yet' : `Last heard ${ago === 'just now' ? ago : `${ago} ago`}`;
  return (
    <Box sx={{ mt: 0.5, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>
      <Box sx={{ fontSize: '0.75rem', lineHeight: 1.4 }}>
        <Box component="span" sx={{ color: mode.tone === 'error' ? 'error.main' : 'text.primary', fontWeight: 500 }}>
          {mode.text}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' · '}
          {heardText}
        </Box>
      </Box>
      {store.push.status === 'failed' && store.push.error ? (
        <Box sx={{ color: 'error.main', fontSize: '0.75rem', lineHeight: 1.4, overflowWrap: 'anywhere' }}>
          {store.push.error}
        </Box>
      ) : null}
      {stalled !== null ? (
        <StatusChip label={`Not heard from in ${quietFor(stalled)}`} tone="warning" small kind="Sync" />
      ) : null}
    </Box>
  );
}
