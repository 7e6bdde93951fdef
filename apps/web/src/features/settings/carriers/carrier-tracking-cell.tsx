import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { type CarrierAccount } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { apiErrorMessage } from '@/lib/errors';
import { useGetTrackingPushQuery } from '../api/tracking-push-api';
import { canPush, isPushOn, PUSH_STATUS_UI, trackingHeadline } from './carrier-tracking-words';

const SECONDARY = { color: 'text.secondary', fontSize: '0.75rem', lineHeight: 1.4 } as const;

/** The built-in carrier's tracking: none, the seller marks its parcels delivered. */
export function BuiltInTrackingCell() {
  return (
    <>
      No tracking
      <Box sx={SECONDARY}>You mark its parcels delivered.</Box>
    </>
  );
}

/** An account's "Tracking" cell: asked by Shipdesk or pushed by the carrier, and the way to its tracking updates. */
export function CarrierTrackingCell({ account, onOpen }: { account: CarrierAccount; onOpen(): void }) {
  // An archived account buys no labels and its pushes are not read; a carrier without pushes is always asked.
  const archived = Boolean(account.archivedAt);
  const skip = archived || !canPush(account.carrier);
  const query = useGetTrackingPushQuery(account.id, { skip });
  if (archived) return null;
  if (skip) return <>{trackingHeadline(account.carrier, null)}</>;
  if (query.isLoading) return <Skeleton variant="text" width={140} />;
  const push = query.data;
  return (
    <>
      {query.isError ? (
        <Box sx={{ ...SECONDARY, maxWidth: 220 }}>{apiErrorMessage(query.error, 'Could not load the tracking.')}</Box>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {trackingHeadline(account.carrier, push)}
          </Box>
          {push && isPushOn(push) ? (
            <StatusChip
              label={PUSH_STATUS_UI[push.status].label}
              tone={PUSH_STATUS_UI[push.status].tone}
              small
              kind={`Pushes of ${account.name}`}
            />
          ) : null}
        </Box>
      )}
      <Button
        size="small"
        onClick={onOpen}
        aria-label={`Tracking updates of ${account.name}`}
        sx={{ ml: -0.625, mt: 0.25, minHeight: 0, py: 0.25 }}
      >
        Tracking updates
      </Button>
    </>
  );
}
