import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { OrderStatus } from '@shipdesk/contract';

interface OrdersListEmptyProps {
  /** Filters narrow the list: say so, and offer to clear them. */
  filtered: boolean;
  /** The filters in force, in words: the person sees which of them hide the orders. */
  filters?: readonly string[];
  status: OrderStatus | null;
  onClearFilters(): void;
}

/** The order table's body when a page of the list has no rows: why, and the way back to some. */
export function OrdersListEmpty({ filtered, filters = [], status, onClearFilters }: OrdersListEmptyProps) {
  return (
    <Box sx={{ textAlign: 'center', py: 2 }}>
      <Typography variant="subtitle1" component="h2">
        {filtered
          ? 'No orders match these filters'
          : status
            ? `No orders with the status \u201c${status}\u201d`
            : 'No orders on this page'}
      </Typography>
      {filtered && filters.length > 0 ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {status
              ? `Among orders with the status \u201c${status}\u201d, these filters hide them:`
              : 'These filters hide them:'}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
            {filters.map((filter) => (
              <Typography component="li" variant="body2" key={filter}>
                {filter}
              </Typography>
            ))}
          </Box>
        </>
      ) : null}
      {filtered ? (
        <Button sx={{ mt: 1 }} onClick={onClearFilters}>
          Clear filters
        </Button>
      ) : null}
    </Box>
  );
}
