import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { balanceDue, type Order } from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';
import { CardSection } from './card-section';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The order's lines and its totals. */
export function OrderLinesCard({ order, locale }: { order: Order; locale: string }) {
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const balance = balanceDue(order.total, order.paidTotal);
  const totals: [string, string][] = [
    ['Subtotal', money(order.subtotal)],
    ['Shipping', money(order.shippingTotal)],
    ['Tax', money(order.taxTotal)],
    ...(order.discountTotal ? ([['Discount', `−${money(order.discountTotal)}`]] as [string, string][]) : []),
    ['Total', money(order.total)],
    ['Paid', money(order.paidTotal)],
    ...(balance > 0 ? ([['Balance due', money(balance)]] as [string, string][]) : []),
  ];
  return (
    <CardSection title="Items" padded={false}>
      <TableContainer>
        <Table size="small" aria-label="Items">
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600 } }}>
              <TableCell>SKU</TableCell>
              <TableCell>Item</TableCell>
              <TableCell align="right">Qty</TableCell>
              <TableCell align="right">Shipped</TableCell>
              <TableCell align="right">Unit price</TableCell>
              <TableCell align="right">Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.sku}</TableCell>
                <TableCell>{line.name}</TableCell>
                <TableCell align="right" sx={num}>
                  {line.quantity}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {line.quantityShipped}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {money(line.unitPrice)}
                </TableCell>
                <TableCell align="right" sx={num}>
                  {money(line.unitPrice * line.quantity)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(100px, auto)',
          justifyContent: 'end',
          columnGap: 4,
          rowGap: 0.5,
          m: 0,
          px: 2,
          py: 1.5,
          typography: 'body2',
          '& dd': { m: 0, textAlign: 'right', ...num },
          '& dt': { color: 'text.secondary' },
        }}
      >
        {totals.map(([label, value]) => (
          <Box
            key={label}
            sx={{
              display: 'contents',
              ...(label === 'Total' ? { '& > *': { fontWeight: 600, color: 'text.primary' } } : {}),
            }}
          >
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </CardSection>
  );
}
