import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { OrderSummary } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { formatDateTime, formatMoney } from '@/lib/format';
import { channelText } from './orders-table-columns';
import { OrderStatusChip, PaymentStatusChip, ShipmentStatusChip } from './order-status-chips';
import { SECONDARY_LINE } from './secondary-line';

interface OrdersCardListProps {
  rows: readonly OrderSummary[] | undefined;
  /** Skeleton cards (first load): as many as a page holds. */
  loadingRows: number | null;
  /** Dims the cards while the next page or filter is on its way. */
  stale: boolean;
  selected: ReadonlyMap<string, unknown>;
  onToggle(row: OrderSummary): void;
  timeZone: string;
  locale: string;
  /** Shown instead of the cards when there are none. */
  empty?: ReactNode;
}

/** Every card has this height or more, loaded or skeleton, so little moves when the data arrives. */
const CARD_MIN_HEIGHT = 112;

function SkeletonCards({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <Box component="li" key={`skeleton-${index}`} aria-hidden sx={{ ...cardSx, display: 'block' }}>
      <Skeleton variant="text" width="40%" />
      <Skeleton variant="text" width="70%" />
      <Skeleton variant="rounded" width="80%" height={24} sx={{ mt: 1 }} />
    </Box>
  ));
}

const cardSx = {
  listStyle: 'none',
  minHeight: CARD_MIN_HEIGHT,
  px: 1,
  py: 1.25,
  borderBottom: 1,
  borderColor: 'divider',
  display: 'flex',
  gap: 0.5,
  alignItems: 'flex-start',
} as const;

/**
 * The order list on a phone (below the sm breakpoint), where the ten columns of the table cannot fit: one card per
 * order with its selection box, number (the link that opens it), customer, total, date and the three statuses.
 * Tab goes from a card's box to its link; Space ticks the box, Enter opens the order.
 */
export function OrdersCardList({
  rows,
  loadingRows,
  stale,
  selected,
  onToggle,
  timeZone,
  locale,
  empty,
}: OrdersCardListProps) {
  const count = rows?.length ?? 0;
  if (loadingRows === null && count === 0) return empty ? <Box sx={{ px: 2, py: 4 }}>{empty}</Box> : null;
  return (
    <Box
      component="ul"
      aria-label="Orders"
      aria-busy={loadingRows !== null || stale}
      sx={{ m: 0, p: 0, opacity: stale ? 0.55 : 1, transition: 'opacity 120ms' }}
    >
      {loadingRows !== null ? (
        <SkeletonCards count={loadingRows} />
      ) : (
        rows?.map((row) => (
          <OrderCard
            key={row.id}
            row={row}
            selected={selected.has(row.id)}
            onToggle={onToggle}
            timeZone={timeZone}
            locale={locale}
          />
        ))
      )}
    </Box>
  );
}

interface OrderCardProps {
  row: OrderSummary;
  selected: boolean;
  onToggle(row: OrderSummary): void;
  timeZone: string;
  locale: string;
}

/**
 * One order's card. Memoized (its props are primitives, the row and the page's stable `onToggle`): ticking a box
 * renders that card alone again.
 */
const OrderCard = memo(function OrderCard({ row, selected, onToggle, timeZone, locale }: OrderCardProps) {
  const titleId = `order-card-${row.id}`;
  return (
    <Box
      component="li"
      aria-labelledby={titleId}
      data-order-id={row.id}
      sx={{ ...cardSx, bgcolor: selected ? 'action.selected' : undefined }}
    >
      <Checkbox
        checked={selected}
        onChange={() => onToggle(row)}
        slotProps={{ input: { 'aria-label': `Select order ${row.orderNumber}` } }}
        sx={{ mt: -0.75 }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
          <Link
            id={titleId}
            component={RouterLink}
            to={hrefs.orderView(row.id)}
            sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {row.orderNumber}
          </Link>
          <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatMoney(row.total, row.currency, locale)}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 0.25 }}>
          <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{row.customerName || '—'}</Box>
          <Box
            component="span"
            sx={{ ...SECONDARY_LINE, flex: 'none', fontVariantNumeric: 'tabular-nums', lineHeight: 1.7 }}
          >
            {formatDateTime(row.orderDate, timeZone)}
          </Box>
        </Box>
        <Box sx={SECONDARY_LINE}>{channelText(row)}</Box>
        <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap', mt: 1 }}>
          <OrderStatusChip status={row.orderStatus} small />
          <PaymentStatusChip status={row.paymentStatus} small />
          <ShipmentStatusChip status={row.shipmentStatus} small />
        </Stack>
      </Box>
    </Box>
  );
});
