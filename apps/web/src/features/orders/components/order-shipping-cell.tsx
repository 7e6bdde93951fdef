import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import type { OrderSummary } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { orderShippingView } from '../order-shipping';
import { SECONDARY_LINE } from './secondary-line';
import './order-status-chips.css';

const LINE = { ...SECONDARY_LINE, maxWidth: 128 } as const;

/**
 * A warning chip that takes the person to the shipping methods, where it is fixed. In the order table it is left out
 * of the tab order, as the order's own link is: the rows are one tab stop there. MUI's small outlined warning Chip's
 * look, drawn as a plain link (order-status-chips.css): the list has one in every row that needs it.
 */
export function ShippingSetupChip({
  label,
  title,
  inTable = false,
}: {
  label: string;
  title: string;
  inTable?: boolean;
}) {
  return (
    <RouterLink
      to={hrefs.settings('shipping-methods')}
      className="sd-orders-chip sd-orders-chip--small sd-orders-chip--link"
      title={title}
      aria-label={`${label}: ${title}`}
      tabIndex={inTable ? -1 : undefined}
    >
      <span className="sd-orders-chip-label">{label}</span>
    </RouterLink>
  );
}

/**
 * The order list's 'Requested service' cell: what the buyer asked for and, under it, the carrier service it resolved
 * to, or a chip saying it needs a mapping.
 */
export function OrderShippingCell({ row }: { row: OrderSummary }) {
  const view = orderShippingView(row);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box
        title={row.requestedShippingMethod ?? undefined}
        sx={{ ...LINE, color: 'text.primary', fontSize: 'inherit', lineHeight: 1.3 }}
      >
        {row.requestedShippingMethod || '—'}
      </Box>
      {view.kind === 'resolved' ? (
        <Box
          title={`Ships with ${view.service} (${view.carrier})${view.chosenByUser ? ', chosen by hand' : ''}`}
          sx={LINE}
        >
          {view.service}
        </Box>
      ) : null}
      {view.kind === 'unmapped' ? (
        <ShippingSetupChip label="Unmapped" title="No shipping method covers this requested service" inTable />
      ) : null}
      {view.kind === 'no-carrier' ? (
        <ShippingSetupChip label="No carrier" title={`${view.method} is not mapped to a carrier service`} inTable />
      ) : null}
    </Box>
  );
}
