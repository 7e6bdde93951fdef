import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { VIEW_EVENTS, type FsmFlows, type ViewEvent } from '../api/orders-api';
import { EVENT_UI } from '../order-events';

export interface OrderActionsProps {
  flows: FsmFlows | undefined;
  loading: boolean;
  onRun(event: ViewEvent): void;
  onPackingSlip(): void;
}

/**
 * The moves the server allows now (fsmFlow), nothing else: an action the order's state forbids is not offered.
 * The packing slip is always there (it changes nothing).
 */
export function OrderActions({ flows, loading, onRun, onPackingSlip }: OrderActionsProps) {
  const allowed = VIEW_EVENTS.filter((event) => flows?.[event].allowed);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minHeight: 36 }}>
      {loading && !flows
        ? [96, 120].map((width) => <Skeleton key={width} variant="rounded" width={width} height={36} />)
        : allowed.map((event) => {
            const ui = EVENT_UI[event];
            return (
              <Button
                key={event}
                variant={ui.tone === 'primary' ? 'contained' : 'outlined'}
                color={ui.tone === 'danger' ? 'error' : 'primary'}
                onClick={() => onRun(event)}
              >
                {ui.label}
              </Button>
            );
          })}
      <Button variant="outlined" onClick={onPackingSlip}>
        Packing slip
      </Button>
    </Box>
  );
}
