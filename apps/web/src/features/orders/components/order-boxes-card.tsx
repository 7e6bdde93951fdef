import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  formatWeight,
  parcelEditRefusal,
  type BoxSize,
  type Delivery,
  type Order,
  type UnitSystem,
} from '@shipdesk/contract';
import { boxSizesText } from '@/lib/units/unit-value';
import { useUnits } from '@/lib/units/use-units';
import { CardSection } from '@/components/card-section';
import { QueryError } from '@/components/query-error';
import { useListBoxSizesQuery } from '@/entities/box-sizes/box-sizes-api';
import { useGetDeliveriesQuery } from '@/entities/deliveries/deliveries-api';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';

// The dialog opens on a click: its code comes when the browser is idle after the first paint, or on that click.
const loadParcelDialog = loadOnce(() => import('./delivery-parcel-dialog'));
const DeliveryParcelDialog = lazy(() => loadParcelDialog().then((m) => ({ default: m.DeliveryParcelDialog })));

/** The delivery's box, weight and size in words, in the tenant's units: what its label will start from. */
function parcelWords(delivery: Delivery, boxes: readonly BoxSize[], system: UnitSystem) {
  const box = boxes.find((b) => b.id === delivery.boxSizeId);
  const sides =
    delivery.length && delivery.width && delivery.height
      ? boxSizesText({ length: delivery.length, width: delivery.width, height: delivery.height }, system)
      : box
        ? boxSizesText(box, system)
        : 'Size of the smallest box that holds it';
  return {
    box: box ? box.name : 'No box chosen',
    weight: delivery.weight > 0 ? formatWeight(delivery.weight, system) : 'From its items',
    sides,
  };
}

/**
 * The box of each planned delivery (not yet labelled) of an open order, with Edit: what a label will be bought for,
 * set before it is bought. Labelled deliveries are the labels' card's business; an order with none planned shows
 * nothing here.
 */
export function OrderBoxesCard({ order }: { order: Order }) {
  const parcels = useGetDeliveriesQuery(order.id);
  const boxes = useListBoxSizesQuery({ archived: true });
  const [editing, setEditing] = useState<string | null>(null);
  const { system } = useUnits();
  useWhenIdle(() => void loadParcelDialog().catch(() => undefined), !parcelEditRefusal(order));
  if (parcelEditRefusal(order)) return null;
  const planned = (parcels.data ?? []).filter((d) => d.status === 'planned' && !d.purchaseState);
  if (parcels.isSuccess && planned.length === 0) return null;
  const chosen = planned.find((d) => d.deliveryId === editing);
  return (
    <CardSection title="Boxes" padded={false}>
      {parcels.isError ? (
        <Box sx={{ p: 2 }}>
          <QueryError
            error={parcels.error}
            fallback="Could not load the boxes of this order."
            refetch={parcels.refetch}
            isFetching={parcels.isFetching}
          />
        </Box>
      ) : parcels.isLoading ? (
        <Box sx={{ p: 2 }} aria-busy="true" aria-label="Loading the boxes">
          <Skeleton height={40} />
        </Box>
      ) : (
        <Box component="ul" aria-label="Boxes" sx={{ m: 0, p: 0 }}>
          {planned.map((delivery) => {
            const words = parcelWords(delivery, boxes.data ?? [], system);
            return (
              <Box
                component="li"
                key={delivery.deliveryId}
                sx={{
                  listStyle: 'none',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 2,
                  px: 2,
                  py: 1.25,
                  borderBottom: 1,
                  borderColor: 'divider',
                  typography: 'body2',
                }}
              >
                <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Box sx={{ fontWeight: 500 }}>
                    Delivery {delivery.deliveryId}: {words.box}
                  </Box>
                  <Box sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                    {words.weight} · {words.sides}
                  </Box>
                </Box>
                <Button
                  size="small"
                  startIcon={<EditOutlined />}
                  onClick={() => setEditing(delivery.deliveryId)}
                  aria-label={`Edit the box of delivery ${delivery.deliveryId}`}
                >
                  Edit
                </Button>
              </Box>
            );
          })}
        </Box>
      )}
      {chosen ? (
        <Suspense fallback={null}>
          <DeliveryParcelDialog
            order={order}
            delivery={chosen}
            boxes={boxes.data ?? []}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </CardSection>
  );
}
