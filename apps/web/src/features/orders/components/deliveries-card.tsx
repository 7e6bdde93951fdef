import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { QueryError } from '@/components/query-error';
import { useGetDeliveriesQuery } from '../api/orders-api';
import { CardSection } from './card-section';

function weight(grams: number): string {
  return grams >= 1000 ? `${(grams / 1000).toFixed(2)} kg` : `${grams} g`;
}

/** Deliveries of the order (GET /api/v1/deliveries?orderId=): shipping methods, weights, tracking. */
export function DeliveriesCard({ orderId }: { orderId: string }) {
  const { data, error, isLoading } = useGetDeliveriesQuery(orderId);
  return (
    <CardSection title="Deliveries" padded={false}>
      {isLoading ? (
        <Skeleton variant="rectangular" height={72} sx={{ m: 2 }} />
      ) : error ? (
        <QueryError error={error} fallback="Could not load the deliveries." sx={{ m: 2 }} />
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
                <TableCell>Requested</TableCell>
                <TableCell>Carrier service</TableCell>
                <TableCell align="right">Weight</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Tracking</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((delivery) => (
                <TableRow key={delivery.deliveryId}>
                  <TableCell>{delivery.deliveryId}</TableCell>
                  <TableCell>{delivery.requestedShipMethod ?? '—'}</TableCell>
                  <TableCell>{delivery.carrierMethod ?? '—'}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {weight(delivery.weight)}
                  </TableCell>
                  <TableCell>{delivery.status}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{delivery.trackingNumber ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </CardSection>
  );
}
