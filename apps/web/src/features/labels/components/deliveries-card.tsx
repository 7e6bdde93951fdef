import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { toast } from '@/lib/toast/toast';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Delivery, Order, ShippingLabel } from '@shipdesk/contract';
import { LazyConfirmDialog } from '@/components/lazy-confirm-dialog';
import { QueryError } from '@/components/query-error';
import { configOptions, useGetConfigsQuery } from '@/lib/api/tenant-configs';
import { apiErrorMessage } from '@/lib/errors';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { useGetDeliveriesQuery } from '@/entities/deliveries/deliveries-api';
import {
  useGetLabelRatesQuery,
  useRetryTrackingPushMutation,
  useVoidLabelMutation,
  type LabelEvent,
} from '../api/labels-api';
import { CardSection } from '@/components/card-section';
import { DeliveriesList, type DeliveryPartProps } from './deliveries-list';
import type { DeliveryActionHandlers } from './delivery-actions';
import { DeliveriesTable } from './deliveries-table';

// The dialogs open on a click: their code comes when the browser is idle after the first paint, or on that click.
const loadDialogs = loadOnce(() => import('./deliveries-card-dialogs'));
const LabelPurchaseDialog = lazy(() => loadDialogs().then((m) => ({ default: m.LabelPurchaseDialog })));
const DeliveryBoxesDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DeliveryBoxesDialog })));
const LabelPreviewDialog = lazy(() => loadDialogs().then((m) => ({ default: m.LabelPreviewDialog })));
const CustomsFormDialog = lazy(() => loadDialogs().then((m) => ({ default: m.CustomsFormDialog })));

/**
 * Deliveries of the order (GET /api/v1/deliveries?orderId=): what each ships as, its label, and the label work the
 * server allows now: buy (when shipLabel is allowed), view (and its customs form), void, and telling the channel again. A table from the sm
 * breakpoint up, a list on a phone.
 */
export function DeliveriesCard({
  order,
  locale,
  parcel,
}: {
  order: Order;
  locale: string;
  /** Drawn under each labelled delivery: its parcel as tracked (given by app/). */
  parcel?: ComponentType<DeliveryPartProps>;
}) {
  // The app's theme, or MUI's default one where none is provided (a test rendering the card alone).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { data, error, isLoading, refetch, isFetching } = useGetDeliveriesQuery(order.id);
  const labelFlow = useGetLabelRatesQuery({ orderId: order.id, event: 'shipLabel', query: { rates: false } });
  const configs = useGetConfigsQuery();
  const initialEvent: LabelEvent =
    configOptions(configs.data, 'ship_label_app_info').labelType === 'zpl' ? 'zpl' : 'shipLabel';
  const [buying, setBuying] = useState<string | null>(null);
  // The label shown; `bought`: just bought here, the preview the purchase opens.
  const [viewing, setViewing] = useState<{ label: ShippingLabel; bought: boolean } | null>(null);
  const [viewingCustoms, setViewingCustoms] = useState<ShippingLabel | null>(null);
  // The delivery whose label was just bought (once its preview closes) or voided here: its row (a phone's entry)
  // takes the focus. The button the dialog would give the focus back to (Buy label, Void) is gone by then, as the
  // label changed.
  const [focusRow, setFocusRow] = useState<{ deliveryId: string } | null>(null);
  const focusTarget = useRef<HTMLElement | null>(null);
  // One ref for the table's row and the list's entry, whichever is shown.
  const focusRowRef = useCallback((node: HTMLElement | null) => {
    focusTarget.current = node;
  }, []);
  useEffect(() => {
    if (focusRow) focusTarget.current?.focus();
  }, [focusRow]);
  const [voiding, setVoiding] = useState<Delivery | null>(null);
  const [shaping, setShaping] = useState(false);
  const [voidLabel, voidState] = useVoidLabelMutation();
  const [retryPush, retryState] = useRetryTrackingPushMutation();
  useWhenIdle(() => void loadDialogs().catch(() => undefined));
  const canBuy = labelFlow.data?.flow.allowed === true;
  const open = order.orderStatus === 'Draft Order' || order.orderStatus === 'Sales Order';
  const canShape = open && (data ?? []).some((d) => d.status === 'planned' && !d.purchaseState);

  const confirmVoid = async () => {
    if (!voiding) return;
    try {
      const result = await voidLabel({ orderId: order.id, deliveryId: voiding.deliveryId }).unwrap();
      toast.success(result.label.status === 'voided' ? 'Label voided.' : 'Label voided; the carrier refunds it later.');
      setVoiding(null);
      setFocusRow({ deliveryId: voiding.deliveryId });
    } catch (failure) {
      toast.error(apiErrorMessage(failure, 'The label could not be voided.'));
    }
  };

  const retry = async (delivery: Delivery) => {
    try {
      await retryPush({ orderId: order.id, deliveryId: delivery.deliveryId }).unwrap();
      toast.info('Telling the channel again.');
    } catch (failure) {
      toast.error(apiErrorMessage(failure, 'Could not retry.'));
    }
  };
  const handlers: DeliveryActionHandlers = {
    canBuy,
    retrying: retryState.isLoading,
    onBuy: (delivery) => setBuying(delivery.deliveryId),
    onView: (label) => setViewing({ label, bought: false }),
    onViewCustoms: setViewingCustoms,
    onRetry: (delivery) => void retry(delivery),
    onVoid: setVoiding,
  };

  // A table from the sm breakpoint up, a list on a phone.
  const Layout = phone ? DeliveriesList : DeliveriesTable;
  const focus = { id: focusRow?.deliveryId, ref: focusRowRef };
  return (
    <CardSection
      title="Deliveries"
      padded={false}
      action={
        canShape ? (
          <Button size="small" onClick={() => setShaping(true)}>
            Split or merge boxes
          </Button>
        ) : undefined
      }
    >
      {/* Until it is known whether a label can be bought too: its button, come later, would make a row taller. */}
      {isLoading || labelFlow.isLoading ? (
        <Skeleton variant="rectangular" height={72} sx={{ m: 2 }} />
      ) : error ? (
        <QueryError
          error={error}
          fallback="Could not load the deliveries."
          refetch={refetch}
          isFetching={isFetching}
          sx={{ m: 2 }}
        />
      ) : !data || data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          No deliveries yet.
        </Typography>
      ) : (
        <Layout deliveries={data} order={order} locale={locale} handlers={handlers} focus={focus} parcel={parcel} />
      )}
      <Suspense fallback={null}>
        {buying ? (
          <LabelPurchaseDialog
            orderId={order.id}
            orderNumber={order.orderNumber}
            deliveryId={buying}
            initialEvent={initialEvent}
            locale={locale}
            onClose={() => setBuying(null)}
            onBought={(bought) => {
              setBuying(null);
              setViewing({ label: bought, bought: true });
            }}
          />
        ) : null}
        {shaping && data ? (
          <DeliveryBoxesDialog order={order} deliveries={data} onClose={() => setShaping(false)} />
        ) : null}
        {viewing ? (
          <LabelPreviewDialog
            label={viewing.label}
            onClose={() => {
              if (viewing.bought) setFocusRow({ deliveryId: viewing.label.deliveryId });
              setViewing(null);
            }}
          />
        ) : null}
        {viewingCustoms ? <CustomsFormDialog label={viewingCustoms} onClose={() => setViewingCustoms(null)} /> : null}
      </Suspense>
      <LazyConfirmDialog
        open={voiding !== null}
        title="Void this label?"
        message={
          voiding?.label
            ? `${voiding.label.serviceName}, tracking ${voiding.label.trackingNumber}. The carrier takes the label back and the delivery's items count as unshipped again. A label already scanned cannot be voided.`
            : ''
        }
        confirmLabel="Void label"
        busy={voidState.isLoading}
        onCancel={() => setVoiding(null)}
        onConfirm={() => void confirmVoid()}
      />
    </CardSection>
  );
}
