import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { formatCount } from '@/lib/format';
import { OrdersPageSize } from './orders-page-size';

interface OrdersPaginationProps {
  page: number;
  size: number;
  rowCount: number;
  total: number | null;
  totalIsEstimate: boolean;
  hasPrev: boolean;
  hasNext: boolean;
  onPrev(): void;
  onNext(): void;
  onSize(size: number): void;
}

/** '1–10 of 57', or 'of about 12.3K' when the server estimated the total. */
function rangeText(page: number, size: number, rowCount: number, total: number | null, estimate: boolean) {
  if (total === null) return '';
  if (rowCount === 0) return estimate ? `0 of about ${formatCount(total)}` : `0 of ${formatCount(total)}`;
  const start = (page - 1) * size + 1;
  const end = start + rowCount - 1;
  return `${start}–${end} of ${estimate ? 'about ' : ''}${formatCount(total)}`;
}

/**
 * Server-side paging with the server's keyset cursors: previous and next, plus the page size (its select's code
 * loaded after the first paint, OrdersPageSize).
 */
export function OrdersPagination(props: OrdersPaginationProps) {
  const { page, size, rowCount, total, totalIsEstimate, hasPrev, hasNext, onPrev, onNext, onSize } = props;
  return (
    <Box
      component="nav"
      aria-label="Order list pages"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        gap: 2,
        px: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        minHeight: 56,
      }}
    >
      <OrdersPageSize size={size} onSize={onSize} />
      <Typography variant="body2" aria-live="polite" sx={{ minWidth: 120, textAlign: 'right' }}>
        {rangeText(page, size, rowCount, total, totalIsEstimate)}
      </Typography>
      <Box>
        <IconButton onClick={onPrev} disabled={!hasPrev} aria-label="Previous page">
          <ChevronLeft />
        </IconButton>
        <IconButton onClick={onNext} disabled={!hasNext} aria-label="Next page">
          <ChevronRight />
        </IconButton>
      </Box>
    </Box>
  );
}
