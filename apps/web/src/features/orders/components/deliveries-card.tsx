import { useState } from 'react';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Delivery, Order, ShippingLabel } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-error';
import { configOptions, useGetConfigsQuery } from '@/lib/api/tenant-configs';
import { apiErrorMessage } from '@/lib/errors';
import { useGetDeliveriesQuery } from '../api/orders-api';
import {
  useGetLabelRatesQuery,
  useRetryTrackingPushMutation,
  useVoidLabelMutation,
  type LabelEvent,
} from '../api/labels-api';
import { CardSection } from './card-section';
import { DeliveryBoxesDialog } from './delivery-boxes-dialog';
import { DeliveryLabelCell } from './delivery-label-cell';
import { LabelPreviewDialog } from './label-preview-dialog';
import { LabelPurchaseDialog } from './label-purchase-dialog';

function weight(grams: number): string {
  return grams >= 1000 ? `${(grams / 1000).toFixed(2)} kg` : `${grams} g`;
}

const STATUS: Record<Delivery['status'], string> = {
  planned: 'To ship',
  labelled: 'Labelled',
  shipped: 'Shipped',
  canceled: 'Canceled',
};

/**
 * Deliveries of the order (GET /api/v1/deliveries?orderId=): what each ships as, its label, and the label work the
 * server allows now: buy (when shipLabel is allowed), view, void, and telling the channel again.
 */
export function DeliveriesCard({ order, locale }: { order: Order; locale: string }) {
  const { data, error, isLoading, refetch, isFetching } = useGetDeliveriesQuery(order.id);
  const labelFlow = useGetLabelRatesQuery({ orderId: order.id, event: 'shipLabel', query: { rates: false } });
  const configs = useGetConfigsQuery();
  const initialEvent: LabelEvent =
    configOptions(configs.data, 'ship_label_app_info').labelType === 'zpl' ? 'zpl' : 'shipLabel';
  const [buying, setBuying] = useState<string | null>(null);
  const [viewing, setViewing] = useState<ShippingLabel | null>(null);
  const [voiding, setVoiding] = useState<Delivery | null>(null);
  const [shaping, setShaping] = useState(false);
  const [voidLabel, voidState] = useVoidLabelMutation();
  const [retryPush, retryState] = useRetryTrackingPushMutation();
  const canBuy = labelFlow.data?.flow.allowed === true;
  const open = order.orderStatus === 'Draft Order' || order.orderStatus === 'Sales Order';
  const canShape = open && (data ?? []).some((d) => d.status === 'planned' && !d.purchaseState);

  const confirmVoid = async () => {
    if (!voiding) return;
    try {
      const result = await voidLabel({ orderId: order.id, deliveryId: voiding.deliveryId }).unwrap();
      toast.success(result.label.status === 'voided' ? 'Label voided.' : 'Label voided; the carrier refunds it later.');
      setVoiding(null);
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
      {isLoading ? (
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
        <TableContainer>
          <Table size="small" aria-label="Deliveries">
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600 } }}>
                <TableCell>Delivery</TableCell>
                <TableCell>Carrier service</TableCell>
                <TableCell align="right">Weight</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Label</TableCell>
                <TableCell align="right" sx={{ position: 'relative' }}>
                  {/* MUI's own (a `width: 1` in sx is 100%); the cell positioned, so it stays in the table's scrolling box. */}
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((delivery) => {
                const label = delivery.label;
                const standing = label?.status === 'active' ? label : null;
                return (
                  <TableRow key={delivery.deliveryId} sx={{ verticalAlign: 'top' }}>
                    <TableCell>
                      {delivery.deliveryId}
                      {delivery.requestedShipMethod ? (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {delivery.requestedShipMethod}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>{delivery.carrierMethod ?? order.shipping?.carrierMethodName ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {weight(delivery.weight)}
                    </TableCell>
                    <TableCell>
                      {delivery.purchaseState === 'unconfirmed' ? 'Checking with the carrier' : STATUS[delivery.status]}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 240 }}>
                      <DeliveryLabelCell label={label} locale={locale} />
                    </TableCell>
                    <TableCell align="right">
                      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                        {delivery.status === 'planned' && canBuy && !delivery.purchaseState ? (
                          <Button size="small" variant="contained" onClick={() => setBuying(delivery.deliveryId)}>
                            Buy label
                          </Button>
                        ) : null}
                        {label ? (
                          <Button size="small" onClick={() => setViewing(label)}>
                            View label
                          </Button>
                        ) : null}
                        {label?.trackingPush.status === 'failed' ? (
                          <Button size="small" onClick={() => void retry(delivery)} disabled={retryState.isLoading}>
                            Tell channel again
                          </Button>
                        ) : null}
                        {standing ? (
                          <Button size="small" color="error" onClick={() => setVoiding(delivery)}>
                            Void
                          </Button>
                        ) : null}
                      </Box>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
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
            setViewing(bought);
          }}
        />
      ) : null}
      {shaping && data ? (
        <DeliveryBoxesDialog order={order} deliveries={data} onClose={() => setShaping(false)} />
      ) : null}
      {viewing ? <LabelPreviewDialog label={viewing} onClose={() => setViewing(null)} /> : null}
      <ConfirmDialog
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
