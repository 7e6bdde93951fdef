import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Order } from '@shipdesk/contract';
import { useTenantCurrencyQuery } from '@/lib/api/tenant-configs';
import { hrefs } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { formatDateTime } from '@/lib/format';
import { usePageDrawn } from '@/lib/lazy/page-drawn';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { useDocumentTitle } from '@/lib/document-title';
import { useGetFsmFlowsQuery, useGetOrderQuery } from '../api/orders-api';
import { useOrderViewAction } from '../hooks/use-order-view-action';
import { useOrdersRealtime } from '../hooks/use-orders-realtime';
import type { OrderAction } from '../order-routes';
import type { OrderViewSlots } from '../orders-page-slots';
import { AddressCheckPanel } from '../address-check/address-check-panel';
import { AddressCard } from './address-card';
import { NotesPanel } from './notes-panel';
import { OrderActions } from './order-actions';
import { OrderBackLink } from './order-back-link';
import { OrderBoxesCard } from './order-boxes-card';
import { OrderCustomerCard } from './order-customer-card';
import { OrderLinesCard } from './order-lines-card';
import { OrderLoadFailure } from './order-load-failure';
import { OrderRulesCard } from './order-rules-card';
import { OrderShippingCard } from './order-shipping-card';
import { OrderStatusChips } from './order-status-chips';
import { OrderTimeline } from './order-timeline';
import { OrderViewDialogs } from './order-view-dialogs';
import { ReturnsCard } from '../returns/returns-card';

/** Addresses can change until the order is finished. */
function addressesEditable(order: Order): boolean {
  return (
    (order.orderStatus === 'Draft Order' || order.orderStatus === 'Sales Order') &&
    order.shipmentStatus !== 'Shipped Complete'
  );
}

/**
 * The order's page before it has loaded (also its HTML, which the build renders for every order): the shapes of the
 * loaded page where they stand, so nothing moves when the order comes. Four action buttons take two rows on a phone,
 * as a sales order's do.
 */
function ViewSkeleton() {
  return (
    // As tall as the screen at least: the page's footer is not in view, to be pushed away when the order comes.
    <Box aria-busy aria-label="Loading the order" sx={{ minHeight: '100vh' }}>
      <OrderBackLink />
      <PageHeader
        title={<Skeleton width={180} />}
        subtitle={<Skeleton width={300} sx={{ maxWidth: '100%' }} />}
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {[150, 136, 104, 130].map((width) => (
              <Skeleton key={width} variant="rounded" width={width} height={36.5} />
            ))}
          </Box>
        }
      />
      <Box sx={{ display: 'flex', gap: 1, mt: -1.5, mb: 3 }}>
        {[92, 52, 86].map((width) => (
          <Skeleton key={width} variant="rounded" width={width} height={24} sx={{ borderRadius: 4 }} />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0,2fr) minmax(280px,1fr)' } }}>
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={280} />
      </Box>
    </Box>
  );
}

/**
 * Its children from the render after the first one: the order's first cards are painted before the rest are built,
 * which React then builds in slices that leave the page responsive (docs/decisions.md, "The order view in two
 * renders"). Nothing painted moves: they come below the first cards, in place of `fallback`, or in the empty second
 * column. `now` draws them at once (a link that opens an editor or a dialog needs its target).
 */
function AfterFirstCards({
  now,
  children,
  fallback = null,
}: {
  now: boolean;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const shown = useDeferredValue(true, now);
  return shown ? children : fallback;
}

interface OrderViewProps {
  id: string;
  /** From /orders/:action/:id: 'edit' focuses the address editors, an event opens its dialog. */
  initialAction?: OrderAction | null;
  /** The cards other features draw (app/ gives them): the deliveries with their labels. */
  slots?: OrderViewSlots;
}

/** One order: statuses, allowed actions, lines, addresses, deliveries, shipping rules, notes and history. */
export function OrderView({ id, initialAction = null, slots = {} }: OrderViewProps) {
  const { deliveries: Deliveries } = slots;
  useOrdersRealtime();
  const timeZone = useTenantTimeZone();
  const { data: settings } = useTenantCurrencyQuery();
  const locale = settings?.locale ?? 'en';
  const orderQuery = useGetOrderQuery(id);
  // The order, or why it could not be shown, drawn: the page's data is on screen (its cards then ask for theirs).
  usePageDrawn(!orderQuery.isLoading);
  const order = orderQuery.data;
  useDocumentTitle(order ? `Order ${order.orderNumber}` : 'Order');
  const flowsQuery = useGetFsmFlowsQuery(id, { skip: !order });
  const flows = flowsQuery.data;
  const action = useOrderViewAction(id, initialAction, flows, order !== undefined);
  const statusRef = useRef<HTMLDivElement>(null);
  // Counts the events run here: after each, the statuses (what the event changed) take the focus. The dialog's own
  // focus restore to the button that opened it runs first; that button may be gone once the order moved on.
  const [eventsDone, setEventsDone] = useState(0);
  useEffect(() => {
    if (eventsDone > 0) statusRef.current?.focus();
  }, [eventsDone]);

  if (orderQuery.isLoading) return <ViewSkeleton />;
  if (!order) return <OrderLoadFailure id={id} query={orderQuery} />;

  const source = order.storeName ?? order.sourceType;
  const editable = addressesEditable(order);
  return (
    <>
      <OrderBackLink />
      <PageHeader
        title={`Order ${order.orderNumber}`}
        subtitle={`${formatDateTime(order.orderDate, timeZone)} · ${source}`}
        actions={
          <OrderActions
            flows={flows}
            loading={flowsQuery.isFetching}
            statuses={order}
            onRun={action.openEvent}
            onPackingSlip={() => action.setSlipOpen(true)}
            onEditAddress={editable ? action.editShippingAddress : undefined}
          />
        }
      />
      <Box
        ref={statusRef}
        role="group"
        aria-label="Statuses"
        // Read out when they change (an event here, or another user's change arriving live).
        aria-live="polite"
        tabIndex={-1}
        sx={{ mt: -1.5, mb: 3, width: 'fit-content', maxWidth: '100%', borderRadius: 1 }}
      >
        <OrderStatusChips state={order} />
      </Box>
      {action.notice ? (
        <Alert severity="info" onClose={action.dismissNotice} sx={{ mb: 2 }}>
          {action.notice}
        </Alert>
      ) : null}
      {flowsQuery.isError ? (
        <QueryError
          error={flowsQuery.error}
          fallback="Could not ask which actions are allowed."
          severity="warning"
          sx={{ mb: 2 }}
        />
      ) : null}
      {order.linkedOrderId ? (
        <Typography variant="body2" sx={{ mb: 2 }}>
          Created from{' '}
          <Link component={RouterLink} to={hrefs.orderView(order.linkedOrderId)}>
            order {order.linkedOrderId}
          </Link>
          .
        </Typography>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0,2fr) minmax(280px,1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <OrderLinesCard order={order} locale={locale} />
          <OrderBoxesCard order={order} />
          {/* As tall as the screen meanwhile: the page's footer stays out of view, to be pushed away by the rest. */}
          <AfterFirstCards now={initialAction !== null} fallback={<Box sx={{ minHeight: '100vh' }} />}>
            {Deliveries ? <Deliveries order={order} locale={locale} /> : null}
            <ReturnsCard orderId={order.id} timeZone={timeZone} locale={locale} />
            <OrderRulesCard order={order} timeZone={timeZone} />
            <OrderTimeline orderId={order.id} timeZone={timeZone} currency={order.currency} locale={locale} />
          </AfterFirstCards>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <AfterFirstCards now={initialAction !== null}>
            <OrderCustomerCard order={order} />
            <OrderShippingCard order={order} locale={locale} timeZone={timeZone} />
            <AddressCard
              ref={action.editButton}
              orderId={order.id}
              type="shipping"
              address={order.shippingAddress}
              version={order.version}
              editable={editable}
              highlight={initialAction === 'edit'}
            >
              {/* Checked while the order is open: a finished order's ship-to no longer matters, nor can it change. */}
              {editable && order.shippingAddress ? (
                <AddressCheckPanel
                  orderId={order.id}
                  address={order.shippingAddress}
                  version={order.version}
                  timeZone={timeZone}
                />
              ) : null}
            </AddressCard>
            <AddressCard
              orderId={order.id}
              type="billing"
              address={order.billingAddress}
              version={order.version}
              editable={editable}
              highlight={initialAction === 'edit'}
            />
            <NotesPanel orderId={order.id} timeZone={timeZone} />
          </AfterFirstCards>
        </Box>
      </Box>
      <OrderViewDialogs
        order={order}
        flows={flows}
        locale={locale}
        action={action}
        onEventDone={() => setEventsDone((count) => count + 1)}
      />
    </>
  );
}
