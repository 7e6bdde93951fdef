import { useId } from 'react';
import { findLifecycleRule, type OrderStatuses } from '@shipdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { VIEW_EVENTS, type FsmFlows, type ViewEvent } from '../api/orders-api';
import { EVENT_UI, actionOffer } from '../order-events';

interface OrderActionsProps {
  flows: FsmFlows | undefined;
  loading: boolean;
  /** The order's statuses: while the answers come, the moves their lifecycle rules allow hold their places. */
  statuses: OrderStatuses;
  onRun(event: ViewEvent): void;
  onPackingSlip(): void;
  /** Opens the shipping address editor: offered beside a refusal for an incomplete address. */
  onEditAddress?: () => void;
}

interface Refusal {
  event: ViewEvent;
  message: string;
  /** The refusal is fixed by completing the shipping address. */
  address: boolean;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The moves the server allows now (fsmFlow). A move refused for a reason the seller can act on (an incomplete
 * address, nothing due) is shown disabled, with the server's reason beneath the buttons (each disabled button is
 * described by its reason); a move that does not apply to the order's statuses is not shown. The packing slip is
 * always there (it changes nothing).
 */
export function OrderActions({ flows, loading, statuses, onRun, onPackingSlip, onEditAddress }: OrderActionsProps) {
  const baseId = useId();
  const reasonId = (event: ViewEvent) => `${baseId}-${event}-reason`;
  const shown = flows ? VIEW_EVENTS.filter((event) => actionOffer(flows[event]).kind !== 'hidden') : [];
  const refusals: Refusal[] = [];
  for (const event of shown) {
    const offer = actionOffer(flows?.[event]);
    if (offer.kind === 'refused') {
      refusals.push({
        event,
        message: offer.message,
        address: flows?.[event].reason === 'incomplete_shipping_address',
      });
    }
  }
  const refusalOf = (event: ViewEvent) => refusals.find((refusal) => refusal.event === event);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'flex-start', sm: 'flex-end' }, gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minHeight: 36 }}>
        {loading && !flows
          ? // The moves the statuses allow (the server's answer is about the same rules, and its guards), each as wide as
            // its button: nothing moves when they come, on a phone as many rows as they will take.
            VIEW_EVENTS.filter((event) => findLifecycleRule(event, statuses)).map((event) => (
              <Skeleton key={event} variant="rounded">
                <Button variant={EVENT_UI[event].tone === 'primary' ? 'contained' : 'outlined'} tabIndex={-1}>
                  {EVENT_UI[event].label}
                </Button>
              </Skeleton>
            ))
          : shown.map((event) => {
              const ui = EVENT_UI[event];
              const refused = refusalOf(event) !== undefined;
              return (
                <Button
                  key={event}
                  variant={ui.tone === 'primary' ? 'contained' : 'outlined'}
                  color={ui.tone === 'danger' ? 'error' : 'primary'}
                  disabled={refused}
                  aria-describedby={refused ? reasonId(event) : undefined}
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
      {refusals.length > 0 ? (
        <Box
          component="ul"
          aria-label="Why some actions are unavailable"
          sx={{ m: 0, p: 0, listStyle: 'none', maxWidth: 460, typography: 'body2', color: 'text.secondary' }}
        >
          {refusals.map((refusal) => (
            <li key={refusal.event}>
              <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {EVENT_UI[refusal.event].label}:
              </Box>{' '}
              <span id={reasonId(refusal.event)}>{sentence(refusal.message)}</span>
              {refusal.address && onEditAddress ? (
                <>
                  {' '}
                  <Link component="button" type="button" variant="body2" onClick={onEditAddress}>
                    Edit the shipping address
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
