import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  balanceDue,
  formatWeight,
  lineEditRefusal,
  parcelEditRefusal,
  type Order,
  type UnitSystem,
} from '@shipdesk/contract';
import { useUnits } from '@/lib/units/use-units';
import { formatMoney } from '@/lib/format';
import { CardSection } from '@/components/card-section';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { OrderPaymentTerms } from './order-payment-terms';

// The editors open on a click: their code comes when the browser is idle after the first paint, or on that click.
const loadWeightsEditor = loadOnce(() => import('./order-line-weights-editor'));
const loadLinesEditor = loadOnce(() => import('./order-lines-editor'));
const OrderLineWeightsEditor = lazy(() => loadWeightsEditor().then((m) => ({ default: m.OrderLineWeightsEditor })));
const OrderLinesEditor = lazy(() => loadLinesEditor().then((m) => ({ default: m.OrderLinesEditor })));

function preloadEditors() {
  for (const load of [loadWeightsEditor, loadLinesEditor]) void load().catch(() => undefined);
}

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A line's weight per unit in the tenant's units; a channel's 0 reads as not entered yet. */
const lineWeight = (grams: number, system: UnitSystem) => (grams > 0 ? formatWeight(grams, system) : 'No weight');

/**
 * The lines on a phone (below the sm breakpoint), where the table's six columns would scroll sideways in the card:
 * one entry per line, its name and total on top, then its SKU, and quantity, unit price and units shipped.
 */
function ItemsList({
  lines,
  money,
  weight,
}: {
  lines: Order['lines'];
  money(minor: number): string;
  weight(grams: number): string;
}) {
  return (
    <Box component="ul" aria-label="Items" sx={{ m: 0, p: 0 }}>
      {lines.map((line) => (
        <Box
          component="li"
          key={line.id}
          sx={{
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            columnGap: 2,
            px: 2,
            py: 1.25,
            borderBottom: 1,
            borderColor: 'divider',
            typography: 'body2',
            // A long SKU or name breaks rather than widening the card.
            overflowWrap: 'anywhere',
          }}
        >
          <Box sx={{ fontWeight: 500 }}>{line.name}</Box>
          <Box sx={num}>{money(line.unitPrice * line.quantity)}</Box>
          <Box sx={{ gridColumn: '1 / -1', color: 'text.secondary' }}>SKU {line.sku}</Box>
          <Box sx={{ gridColumn: '1 / -1', color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
            Qty {line.quantity} × {money(line.unitPrice)} · Shipped {line.quantityShipped} · {weight(line.weight)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

type EditMode = 'lines' | 'weights';

/**
 * What the Items card's header offers: "Edit lines" when the lines may change; for a channel's order, the reason its
 * lines stay as sent and "Edit weights" while it is open (a weight is the seller's fact); nothing for an order that
 * is done (its statuses say why).
 */
function EditLinesAction({
  order,
  onEdit,
  ref,
}: {
  order: Order;
  onEdit(mode: EditMode): void;
  ref: Ref<HTMLButtonElement>;
}) {
  const refusal = lineEditRefusal(order);
  if (refusal?.reason === 'channel_order') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Typography variant="body2" color="text.secondary">
          {refusal.message}
        </Typography>
        {parcelEditRefusal(order) ? null : (
          <Button ref={ref} size="small" startIcon={<EditOutlined />} onClick={() => onEdit('weights')}>
            Edit weights
          </Button>
        )}
      </Box>
    );
  }
  if (refusal) return null;
  return (
    <Button ref={ref} size="small" startIcon={<EditOutlined />} onClick={() => onEdit('lines')}>
      Edit lines
    </Button>
  );
}

/**
 * The order's lines and its totals: a table from the sm breakpoint up, a list on a phone; "Edit lines" turns the
 * card into the lines form (wholesale and manual orders not yet shipped).
 */
export function OrderLinesCard({ order, locale }: { order: Order; locale: string }) {
  // The app's theme, or MUI's default one where none is provided (a test rendering the card alone).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [editing, setEditing] = useState<EditMode | null>(null);
  useWhenIdle(preloadEditors);
  // Leaving the form gives the focus back to the button that opened it (the keyboard stays where it was).
  const editButton = useRef<HTMLButtonElement>(null);
  const left = useRef(false);
  useEffect(() => {
    if (!editing && left.current) editButton.current?.focus();
  }, [editing]);
  const stopEditing = () => {
    left.current = true;
    setEditing(null);
  };
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const { system } = useUnits();
  const weight = (grams: number) => lineWeight(grams, system);
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
  if (editing) {
    return (
      <CardSection title="Items" padded={false}>
        <Suspense fallback={null}>
          {editing === 'weights' ? (
            <OrderLineWeightsEditor order={order} reason={lineEditRefusal(order)?.message ?? ''} onDone={stopEditing} />
          ) : (
            <OrderLinesEditor order={order} locale={locale} onDone={stopEditing} />
          )}
        </Suspense>
      </CardSection>
    );
  }
  return (
    <CardSection
      title="Items"
      padded={false}
      action={<EditLinesAction ref={editButton} order={order} onEdit={setEditing} />}
    >
      {phone ? (
        <ItemsList lines={order.lines} money={money} weight={weight} />
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Items">
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 600 } }}>
                <TableCell>SKU</TableCell>
                <TableCell>Item</TableCell>
                <TableCell align="right">Qty</TableCell>
                <TableCell align="right">Shipped</TableCell>
                <TableCell align="right">Weight</TableCell>
                <TableCell align="right">Unit price</TableCell>
                <TableCell align="right">Total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.lines.map((line) => (
                <TableRow key={line.id}>
                  {/* A long SKU breaks rather than pushing the totals out of the card. */}
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 96, maxWidth: 180 }}>{line.sku}</TableCell>
                  <TableCell>{line.name}</TableCell>
                  <TableCell align="right" sx={num}>
                    {line.quantity}
                  </TableCell>
                  <TableCell align="right" sx={num}>
                    {line.quantityShipped}
                  </TableCell>
                  <TableCell align="right" sx={{ ...num, color: line.weight > 0 ? undefined : 'text.secondary' }}>
                    {weight(line.weight)}
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
      )}
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
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pb: 1.5, '&:empty': { display: 'none' } }}>
        <OrderPaymentTerms order={order} />
      </Box>
    </CardSection>
  );
}
