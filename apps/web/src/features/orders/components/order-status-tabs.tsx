import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ORDER_STATUSES, type OrderStatus } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { formatCount } from '@/lib/format';

interface OrderStatusTabsProps {
  status: OrderStatus | null;
  counts: Record<string, number> | undefined;
  estimate: boolean;
  /** The list's search string to keep (filters and sort; paging starts over). */
  search: string;
}

/** '~' marks a count the server estimated. */
function countLabel(count: number | undefined, estimate: boolean): string {
  if (count === undefined) return '';
  return `${estimate ? '~' : ''}${formatCount(count)}`;
}

function allCount(counts: Record<string, number> | undefined): number | undefined {
  if (!counts) return undefined;
  return Object.values(counts).reduce((sum, n) => sum + (Number.isFinite(n) ? n : 0), 0);
}

/** One tab per order status (the ':filterStatus' path segment), each with its count. */
export function OrderStatusTabs({ status, counts, estimate, search }: OrderStatusTabsProps) {
  const tabs: { value: string; label: string; href: string; count: number | undefined }[] = [
    { value: 'all', label: 'All', href: hrefs.orders(), count: allCount(counts) },
    ...ORDER_STATUSES.map((value) => ({
      value,
      label: value,
      href: hrefs.ordersByStatus(value),
      count: counts ? (counts[value] ?? 0) : undefined,
    })),
  ];
  return (
    <Tabs
      value={status ?? 'all'}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label="Order status"
      sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 48 }}
    >
      {tabs.map((tab) => (
        <Tab
          key={tab.value}
          value={tab.value}
          component={RouterLink}
          to={search ? `${tab.href}?${search}` : tab.href}
          sx={{ textTransform: 'none', minHeight: 48 }}
          label={
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              {tab.label}
              <Box
                component="span"
                sx={{
                  minWidth: 24,
                  px: 0.75,
                  borderRadius: 12,
                  fontSize: '0.75rem',
                  lineHeight: '20px',
                  bgcolor: 'action.selected',
                  color: 'text.primary',
                  visibility: tab.count === undefined ? 'hidden' : 'visible',
                }}
              >
                {countLabel(tab.count ?? 0, estimate)}
              </Box>
            </Box>
          }
        />
      ))}
    </Tabs>
  );
}
