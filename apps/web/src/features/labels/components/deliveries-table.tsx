import { Fragment } from 'react';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatWeight } from '@shipdesk/contract';
import { useUnits } from '@/lib/units/use-units';
import type { DeliveriesLayoutProps } from './deliveries-list';
import { DeliveryActions } from './delivery-actions';
import { deliveryServiceText, deliveryStatusText } from './delivery-facts';
import { DeliveryLabelCell } from './delivery-label-cell';

/**
 * The deliveries from the sm breakpoint up: a row per delivery with its number and requested method, carrier service,
 * weight, status, label, and the label buttons. `focus.id`'s row gets `focus.ref`: it takes the focus once its label is
 * bought or voided.
 */
export function DeliveriesTable({ deliveries, order, locale, handlers, focus, parcel: Parcel }: DeliveriesLayoutProps) {
  const { system } = useUnits();
  return (
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
          {deliveries.map((delivery) => (
            <Fragment key={delivery.deliveryId}>
              <TableRow
                ref={delivery.deliveryId === focus.id ? focus.ref : undefined}
                // Focusable from script only: the row of a label just bought takes the focus, so it is read out.
                tabIndex={-1}
                sx={{
                  verticalAlign: 'top',
                  '&:focus-visible': { outlineOffset: -2 },
                  // The parcel's row below belongs to this one: no rule between them.
                  ...(Parcel && delivery.label ? { '& > td': { borderBottom: 0 } } : {}),
                }}
              >
                <TableCell>
                  {delivery.deliveryId}
                  {delivery.requestedShipMethod ? (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {delivery.requestedShipMethod}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>{deliveryServiceText(delivery, order)}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatWeight(delivery.weight, system)}
                </TableCell>
                <TableCell>{deliveryStatusText(delivery)}</TableCell>
                <TableCell sx={{ maxWidth: 240 }}>
                  <DeliveryLabelCell label={delivery.label} locale={locale} />
                </TableCell>
                <TableCell align="right">
                  <DeliveryActions delivery={delivery} handlers={handlers} />
                </TableCell>
              </TableRow>
              {Parcel && delivery.label ? (
                <TableRow>
                  <TableCell colSpan={6} sx={{ pt: 0 }}>
                    <Parcel delivery={delivery} order={order} locale={locale} />
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
