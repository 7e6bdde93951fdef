import { useLayoutEffect } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PAYMENT_STATUSES, SHIPMENT_STATUSES, type Store } from '@shipdesk/contract';
import { AddressCheckFilterSelect } from '../address-check/address-check-filter-select';
import { ParcelFilterSelect } from '../tracking/parcel-filter-select';
import type { OrderListParams } from '../list-params';
import type { FilterReach } from './orders-filter-placeholders';
import { DayFilterField, RequestedServiceFilter, StatusesSelect } from './orders-filter-inputs';
import { MANUAL_STORE } from './orders-filters';

interface OrdersFilterFieldsProps {
  params: OrderListParams;
  stores: readonly Pick<Store, 'id' | 'name'>[];
  /** The stores are still being asked for: the store field keeps its place, with no store to choose yet. */
  storesLoading?: boolean;
  onChange(change: Partial<OrderListParams>): void;
  /** The element holding the fields (where `reach` finds its field). */
  containerId: string;
  /** The placeholder the seller reached for before these were drawn, if any. */
  reach: FilterReach | null;
}

/**
 * The focus, or the click that opens it, the seller gave a placeholder before the real fields were there: the same
 * field (by its label) takes it when they are.
 */
function useReach(containerId: string, reach: FilterReach | null) {
  useLayoutEffect(() => {
    if (!reach) return;
    const container = document.getElementById(containerId);
    if (!container) return;
    // MUI labels a text field with a <label for>, a select with an element its combobox names (aria-labelledby).
    const label = [...container.querySelectorAll<HTMLElement>('[id$="-label"]')].find(
      (element) => element.textContent === reach.label,
    );
    if (!label) return;
    const control =
      label instanceof HTMLLabelElement
        ? document.getElementById(label.htmlFor)
        : [...container.querySelectorAll<HTMLElement>('[aria-labelledby]')].find(
            (element) => element.getAttribute('aria-labelledby') === label.id,
          );
    if (!control) return;
    control.focus();
    // A select clicked opens, as its Down key opens it (MUI's SelectInput), once drawn; a text or date field is ready
    // to type in.
    if (reach.open && control.tagName !== 'INPUT') {
      setTimeout(() =>
        control.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true })),
      );
    }
    // Only on the fields' first drawing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * The filters but the search: order date range, store, payment and shipment status, requested service, address check,
 * delivery. Their code is loaded when the browser is idle after the list's first paint on a wide screen, when a
 * placeholder is reached for, or on a phone when they are unfolded (OrdersFilters).
 */
export function OrdersFilterFields({
  params,
  stores,
  storesLoading = false,
  onChange,
  containerId,
  reach,
}: OrdersFilterFieldsProps) {
  useReach(containerId, reach);
  return (
    <>
      <DayFilterField label="From" value={params.from} max={params.to} onChange={(from) => onChange({ from })} />
      <DayFilterField label="To" value={params.to} min={params.from} onChange={(to) => onChange({ to })} />
      {stores.length > 0 || storesLoading ? (
        <TextField
          select
          size="small"
          label="Store"
          value={params.storeId}
          onChange={(event) => onChange({ storeId: event.target.value })}
          sx={{ width: 190 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">All stores</MenuItem>
          <MenuItem value={MANUAL_STORE}>Orders added by hand</MenuItem>
          {stores.map((store) => (
            <MenuItem key={store.id} value={store.id}>
              {store.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <StatusesSelect
        label="Payment"
        anyLabel="Any payment"
        options={PAYMENT_STATUSES}
        value={params.paymentStatus}
        onChange={(paymentStatus) => onChange({ paymentStatus })}
      />
      <StatusesSelect
        label="Shipment"
        anyLabel="Any shipment"
        options={SHIPMENT_STATUSES}
        value={params.shipmentStatus}
        onChange={(shipmentStatus) => onChange({ shipmentStatus })}
      />
      <RequestedServiceFilter
        value={params.requestedService}
        onChange={(requestedService) => onChange({ requestedService })}
      />
      <AddressCheckFilterSelect value={params.addressCheck} onChange={(addressCheck) => onChange({ addressCheck })} />
      <ParcelFilterSelect value={params.parcelStatus} onChange={(parcelStatus) => onChange({ parcelStatus })} />
    </>
  );
}
