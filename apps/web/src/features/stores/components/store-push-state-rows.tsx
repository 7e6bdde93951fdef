import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PushStatus } from '@shipdesk/contract';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { formatCount, formatDateTime } from '@/lib/format';

/** Each push state of one channel in words: the chip's label and tone, and what the state means for the seller. */
export type PushStateWords = Record<PushStatus, { label: string; tone: StatusTone; words: string }>;

/** The two-column grid of a push dialog's details: a label on the left, its value on the right. */
export function PushDetailsGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, mt: 2 }}>
      {children}
    </Box>
  );
}

export function PushRowLabel({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/**
 * The State and Last heard rows every push dialog opens its grid with. The counts only show once something arrived,
 * so a new subscription does not read "0 taken in".
 */
export function PushStateRows({
  view,
  states,
  timeZone,
}: {
  view: {
    status: PushStatus;
    lastHeardAt: string | null;
    counts: { recorded: number; duplicate: number; ignored: number };
  };
  states: PushStateWords;
  timeZone: string;
}) {
  const state = states[view.status];
  const { recorded, duplicate, ignored } = view.counts;
  return (
    <>
      <PushRowLabel>State</PushRowLabel>
      <Box>
        <StatusChip label={state.label} tone={state.tone} small kind="Order notifications" />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {state.words}
        </Typography>
      </Box>
      <PushRowLabel>Last heard</PushRowLabel>
      <Typography variant="body2">
        {view.lastHeardAt ? formatDateTime(view.lastHeardAt, timeZone) : 'Not yet'}
        {recorded + duplicate + ignored > 0
          ? ` · ${formatCount(recorded)} taken in, ${formatCount(duplicate)} repeats, ` +
            `${formatCount(ignored)} without a change`
          : ''}
      </Typography>
    </>
  );
}
