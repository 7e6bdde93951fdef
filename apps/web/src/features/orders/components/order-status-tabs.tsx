import { useEffect, useRef, memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { formatCount } from '@/lib/format';
import './order-status-tabs.css';

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

/**
 * One link per order status (the ':filterStatus' path segment), each with its count: a row that scrolls sideways
 * where it does not fit, the current one underlined (order-status-tabs.css). Plain links that never measure
 * themselves (MUI's Tabs measured every tab for its indicator and scroll buttons), so the server's HTML is the page's.
 */
export const OrderStatusTabs = memo(function OrderStatusTabs({
  status,
  counts,
  estimate,
  search,
}: OrderStatusTabsProps) {
  const tabs: { value: string; label: string; href: string; count: number | undefined }[] = [
    { value: 'all', label: 'All', href: hrefs.orders(), count: allCount(counts) },
    ...ORDER_STATUSES.map((value) => ({
      value,
      label: value,
      href: hrefs.ordersByStatus(value),
      count: counts ? (counts[value] ?? 0) : undefined,
    })),
  ];
  const current = status ?? 'all';
  const strip = useRef<HTMLElement>(null);
  // The current status in view when the row scrolls (a phone on /orders/Canceled): after the paint, not in it. "All"
  // is the first, in view unless the row was scrolled, which a page's first render never is: no layout asked for.
  const mounted = useRef(false);
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first && current === 'all') return;
    strip.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav ref={strip} className="sd-orders-tabs" aria-label="Order status">
      {tabs.map((tab) => (
        <RouterLink
          key={tab.value}
          className="sd-orders-tab"
          to={search ? `${tab.href}?${search}` : tab.href}
          aria-current={tab.value === current ? 'page' : undefined}
        >
          {tab.label}
          <span
            className={
              tab.count === undefined ? 'sd-orders-tab-count sd-orders-tab-count--unknown' : 'sd-orders-tab-count'
            }
          >
            {countLabel(tab.count ?? 0, estimate)}
          </span>
        </RouterLink>
      ))}
    </nav>
  );
});
