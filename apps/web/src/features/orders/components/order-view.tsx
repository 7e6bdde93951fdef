import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Order } from '@shipdesk/contract';
import { useTenantCurrencyQuery } from '@/lib/api/tenant-configs';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { apiErrorMessage, isApiError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { useGetFsmFlowsQuery, useGetOrderQuery, VIEW_EVENTS, type ViewEvent } from '../api/orders-api';
import { useOrdersRealtime } from '../hooks/use-orders-realtime';
import { newIdempotencyKey } from '../idempotency';
import { EVENT_UI } from '../order-events';
import type { OrderAction } from '../order-routes';
import { AddressCard } from './address-card';
import { CardSection } from './card-section';
import { DeliveriesCard } from './deliveries-card';
import { NotesPanel } from './notes-panel';
import { OrderActions } from './order-actions';
import { OrderEventDialog } from './order-event-dialog';
import { OrderLinesCard } from './order-lines-card';
import { OrderStatusChips } from './order-status-chips';
import { OrderTimeline } from './order-timeline';
import { PackingSlipDialog } from './packing-slip-dialog';

const isViewEvent = (action: OrderAction | null): action is ViewEvent =>
  action !== null && (VIEW_EVENTS as readonly string[]).includes(action);

/** Addresses can change until the order is finished. */
function addressesEditable(order: Order): boolean {
  return (
    (order.orderStatus === 'Draft Order' || order.orderStatus === 'Sales Order') &&
    order.shipmentStatus !== 'Shipped Complete'
  );
}

function BackLink() {
  return (
    <Link
      component={RouterLink}
      to={hrefs.orders()}
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, typography: 'body2' }}
    >
      <ArrowBackOutlined fontSize="small" /> Orders
    </Link>
  );
}

function ViewSkeleton() {
  return (
    <Box aria-busy aria-label="Loading the order">
      <Skeleton variant="text" width={240} height={40} />
      <Skeleton variant="text" width={320} sx={{ mb: 2 }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0,2fr) minmax(280px,1fr)' } }}>
        <Skeleton variant="rounded" height={280} />
        <Skeleton variant="rounded" height={280} />
      </Box>
    </Box>
  );
}

export interface OrderViewProps {
  id: string;
  /** From /orders/:action/:id: 'edit' focuses the address editors, an event opens its dialog. */
  initialAction?: OrderAction | null;
}

/** One order: statuses, allowed actions, lines, addresses, deliveries, notes and history. */
export function OrderView({ id, initialAction = null }: OrderViewProps) {
  useOrdersRealtime();
  const navigate = useNavigate();
  const timeZone = useTenantTimeZone();
  const { data: settings } = useTenantCurrencyQuery();
  const locale = settings?.locale ?? 'en';
  const orderQuery = useGetOrderQuery(id);
  const order = orderQuery.data;
  const flowsQuery = useGetFsmFlowsQuery(id, { skip: !order });
  const flows = flowsQuery.data;
  const [dialog, setDialog] = useState<{ event: ViewEvent; key: string } | null>(null);
  const [slipOpen, setSlipOpen] = useState(initialAction === 'packingSlip');
  const [notice, setNotice] = useState<string | null>(
    initialAction === 'shipLabel' || initialAction === 'zpl'
      ? 'Shipping labels are created from the label screens; this page does not make them.'
      : null,
  );
  const handledAction = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);

  // /orders/<event>/<id>: once the server has said what is allowed, open that event's dialog or say why not.
  useEffect(() => {
    if (handledAction.current || !flows || !isViewEvent(initialAction)) return;
    handledAction.current = true;
    const flow = flows[initialAction];
    if (flow.allowed) setDialog({ event: initialAction, key: newIdempotencyKey() });
    else
      setNotice(
        `${EVENT_UI[initialAction].label} is not possible now: ${flow.message ?? flow.reason ?? 'not allowed'}.`,
      );
  }, [flows, initialAction]);

  const orderLoaded = order !== undefined;
  useEffect(() => {
    if (initialAction !== 'edit' || !orderLoaded || handledAction.current) return;
    handledAction.current = true;
    editButton.current?.scrollIntoView?.({ block: 'center' });
    editButton.current?.focus();
  }, [initialAction, orderLoaded]);

  // Leaving a dialog opened by an action URL returns to the plain view URL, so reload does not reopen it.
  const leaveActionUrl = () => {
    if (initialAction && initialAction !== 'edit') void navigate(hrefs.orderView(id), { replace: true });
  };

  if (orderQuery.isLoading) return <ViewSkeleton />;
  if (!order) {
    const missing = isApiError(orderQuery.error) && orderQuery.error.status === 404;
    return (
      <>
        <BackLink />
        <PageHeader title={`Order ${id}`} />
        {missing ? (
          <EmptyState
            icon={<SearchOffOutlined />}
            title="Order not found"
            text="It may have been deleted, or the link is wrong."
            action={
              <Button component={RouterLink} to={hrefs.orders()} variant="contained">
                Back to orders
              </Button>
            }
          />
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void orderQuery.refetch()}>
                Retry
              </Button>
            }
          >
            {apiErrorMessage(orderQuery.error, 'Could not load the order.')}
          </Alert>
        )}
      </>
    );
  }

  const source = order.storeName ?? order.sourceType;
  const editable = addressesEditable(order);
  return (
    <>
      <BackLink />
      <PageHeader
        title={`Order ${order.orderNumber}`}
        subtitle={`${formatDateTime(order.orderDate, timeZone)} · ${source}`}
        actions={
          <OrderActions
            flows={flows}
            loading={flowsQuery.isFetching}
            onRun={(event) => setDialog({ event, key: newIdempotencyKey() })}
            onPackingSlip={() => setSlipOpen(true)}
          />
        }
      />
      <Box sx={{ mt: -1.5, mb: 3 }}>
        <OrderStatusChips state={order} />
      </Box>
      {notice ? (
        <Alert severity="info" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {flowsQuery.isError ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {apiErrorMessage(flowsQuery.error, 'Could not ask which actions are allowed.')}
        </Alert>
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
          <DeliveriesCard orderId={order.id} />
          <OrderTimeline orderId={order.id} timeZone={timeZone} currency={order.currency} locale={locale} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <CardSection title="Customer">
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {order.customerName || 'No name given'}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {order.customerEmail || 'No e-mail given'}
            </Typography>
            {order.requestedShippingMethod ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                Requested service: {order.requestedShippingMethod}
              </Typography>
            ) : null}
          </CardSection>
          <AddressCard
            ref={editButton}
            orderId={order.id}
            type="shipping"
            address={order.shippingAddress}
            version={order.version}
            editable={editable}
            highlight={initialAction === 'edit'}
          />
          <AddressCard
            orderId={order.id}
            type="billing"
            address={order.billingAddress}
            version={order.version}
            editable={editable}
            highlight={initialAction === 'edit'}
          />
          <NotesPanel orderId={order.id} timeZone={timeZone} />
        </Box>
      </Box>
      {dialog && flows ? (
        <OrderEventDialog
          key={dialog.key}
          order={order}
          event={dialog.event}
          flow={flows[dialog.event]}
          idempotencyKey={dialog.key}
          locale={locale}
          onClose={() => {
            setDialog(null);
            leaveActionUrl();
          }}
          onDone={(result) => {
            setDialog(null);
            if (result.createdOrderId) void navigate(hrefs.orderView(result.createdOrderId));
            else if (dialog.event === 'delete') void navigate(hrefs.orders());
            else leaveActionUrl();
          }}
        />
      ) : null}
      {slipOpen ? (
        <PackingSlipDialog
          orderId={order.id}
          orderNumber={order.orderNumber}
          onClose={() => {
            setSlipOpen(false);
            leaveActionUrl();
          }}
        />
      ) : null}
    </>
  );
}
