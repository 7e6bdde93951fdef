import { useId, type ReactNode } from 'react';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import type { Store } from '@shipdesk/contract';
import { ADDRESS_FILTER_LABELS } from '../address-check/address-check-filter';
import type { OrderListParams } from '../list-params';
import { PARCEL_FILTER_LABELS } from '../tracking/parcel-filter';
import './orders-filters.css';

/** The folded filter fields, by the label each has. */
type FilterFieldLabel = 'From' | 'To' | 'Store' | 'Payment' | 'Shipment' | 'Requested service' | 'Address' | 'Delivery';

/** A placeholder the seller reached for before the real fields were there: focus it, and open it if it was a click. */
export interface FilterReach {
  label: FilterFieldLabel;
  open: boolean;
}

function Frame(props: { label: string; labelFor?: string; labelId?: string; width?: number; children: ReactNode }) {
  const { label, labelFor, labelId, width, children } = props;
  return (
    <div className="sd-orders-field" style={width ? { width } : undefined}>
      {/* As MUI: a text field's label is a <label>, a select's an element its combobox names. */}
      {labelFor ? (
        <label className="sd-orders-field-label" htmlFor={labelFor}>
          {label}
        </label>
      ) : (
        <div className="sd-orders-field-label" id={labelId}>
          {label}
        </div>
      )}
      {children}
    </div>
  );
}

/** The outlined field's border with its label's notch, as MUI's OutlinedInput draws it. */
export function Outline({ label }: { label: string }) {
  return (
    <fieldset aria-hidden className="sd-orders-field-outline">
      <legend>
        <span>{label}</span>
      </legend>
    </fieldset>
  );
}

/** A select's look: its label, its value and its arrow; focusing or clicking it asks for the real one. */
function SelectPlaceholder(props: {
  label: FilterFieldLabel;
  value: string;
  width: number;
  onReach(r: FilterReach): void;
}) {
  const { label, value, width, onReach } = props;
  const labelId = useId();
  return (
    <Frame label={label} labelId={labelId} width={width}>
      <div className="sd-orders-field-box">
        <div
          role="combobox"
          tabIndex={0}
          aria-labelledby={labelId}
          aria-haspopup="listbox"
          aria-expanded={false}
          className="sd-orders-field-input sd-orders-field-select"
          onFocus={() => onReach({ label, open: false })}
          onMouseDown={(event) => {
            event.preventDefault();
            onReach({ label, open: true });
          }}
        >
          {value}
        </div>
        <ArrowDropDown className="sd-orders-field-arrow" />
        <Outline label={label} />
      </div>
    </Frame>
  );
}

/** A text or date field's look: the browser's own input, taking no typing until the real field replaces it. */
function InputPlaceholder(props: {
  label: FilterFieldLabel;
  type: 'date' | 'text';
  value: string;
  placeholder?: string;
  width: number;
  onReach(r: FilterReach): void;
}) {
  const { label, type, value, placeholder, width, onReach } = props;
  const id = useId();
  return (
    <Frame label={label} labelFor={id} width={width}>
      <div className="sd-orders-field-box">
        <input
          id={id}
          type={type}
          // A read-only date field has no calendar button: the date placeholder takes no typing (it gives way to the
          // real field as soon as it has the focus) but is not marked read-only.
          readOnly={type === 'text'}
          onChange={() => undefined}
          value={value}
          placeholder={placeholder}
          className="sd-orders-field-input"
          onFocus={() => onReach({ label, open: false })}
          onMouseDown={() => onReach({ label, open: true })}
        />
        <Outline label={label} />
      </div>
    </Frame>
  );
}

interface FilterFieldPlaceholdersProps {
  params: OrderListParams;
  stores: readonly Pick<Store, 'id' | 'name'>[];
  storesLoading: boolean;
  storeName(id: string): string;
  onReach(reach: FilterReach): void;
}

/**
 * The folded filter fields as OrdersFilterFields draws them, same boxes, labels and values, without their code (MUI's
 * selects, menus, the autocomplete): what the list's first render draws.
 */
export function FilterFieldPlaceholders({
  params,
  stores,
  storesLoading,
  storeName,
  onReach,
}: FilterFieldPlaceholdersProps) {
  const statuses = (list: readonly string[], any: string) => (list.length === 0 ? any : list.join(', '));
  return (
    <>
      <InputPlaceholder label="From" type="date" value={params.from} width={160} onReach={onReach} />
      <InputPlaceholder label="To" type="date" value={params.to} width={160} onReach={onReach} />
      {stores.length > 0 || storesLoading ? (
        <SelectPlaceholder
          label="Store"
          value={params.storeId ? storeName(params.storeId) : 'All stores'}
          width={190}
          onReach={onReach}
        />
      ) : null}
      <SelectPlaceholder
        label="Payment"
        value={statuses(params.paymentStatus, 'Any payment')}
        width={190}
        onReach={onReach}
      />
      <SelectPlaceholder
        label="Shipment"
        value={statuses(params.shipmentStatus, 'Any shipment')}
        width={190}
        onReach={onReach}
      />
      <InputPlaceholder
        label="Requested service"
        type="text"
        value={params.requestedService}
        placeholder="Any service"
        width={220}
        onReach={onReach}
      />
      <SelectPlaceholder
        label="Address"
        value={params.addressCheck ? ADDRESS_FILTER_LABELS[params.addressCheck] : 'Any address'}
        width={170}
        onReach={onReach}
      />
      <SelectPlaceholder
        label="Delivery"
        value={params.parcelStatus ? PARCEL_FILTER_LABELS[params.parcelStatus] : 'Any delivery'}
        width={170}
        onReach={onReach}
      />
    </>
  );
}
