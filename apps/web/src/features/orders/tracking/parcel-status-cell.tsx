import type { OrderSummary } from '@shipdesk/contract';
import { OrderChip } from '../components/order-status-chips';
import { dayWords, isParcelLate, parcelChip } from './tracking-words';

interface ParcelStatusCellProps {
  row: Pick<OrderSummary, 'parcelStatus' | 'parcelExpected'>;
  /** The tenant's today (YYYY-MM-DD, `tenantToday`): late is past the promised day there. */
  today: string;
  locale: string;
}

/**
 * An order's delivery status in the list: where its parcels are, or "Late" (in the warning colour, the promised day in
 * its tooltip) when past the promised day and not delivered; a dash without a label.
 */
export function ParcelStatusCell({ row, today, locale }: ParcelStatusCellProps) {
  if (!row.parcelStatus) return <>—</>;
  if (isParcelLate(row.parcelStatus, row.parcelExpected, today)) {
    const promised = `Promised ${dayWords(row.parcelExpected!, locale)}; ${parcelChip(row.parcelStatus).label.toLowerCase()}`;
    return (
      <span title={promised}>
        <OrderChip small kind="Delivery" label="Late" tone="warning" />
      </span>
    );
  }
  const chip = parcelChip(row.parcelStatus);
  return <OrderChip small kind="Delivery" label={chip.label} tone={chip.tone} />;
}
