import { useId } from 'react';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Outline } from './orders-filter-placeholders';
import './orders-filters.css';

const SEARCH_PLACEHOLDER = 'Name, e-mail, order, SKU, tracking…';
const SEARCH_TITLE =
  'Any word of a name, an e-mail, an order number or channel id, a SKU, a tracking number, a city or postcode';
const SEARCH_MAX_LENGTH = 100;

interface OrdersSearchFieldProps {
  value: string;
  onChange(value: string): void;
  /** Enter: search now, without waiting for the pause in typing. */
  onEnter(): void;
}

/**
 * The list's search box, drawn as MUI's small outlined TextField with a search icon (orders-filters.css, over MUI's
 * CSS variables: its outline, floating label, hover and focus) but a plain labelled `<input>`: the first screen draws
 * it without MUI's input code, and nothing replaces it afterwards (swapping in MUI's field cost a phone a 140 ms task
 * after the list was shown, for the same box).
 */
export function OrdersSearchField({ value, onChange, onEnter }: OrdersSearchFieldProps) {
  const id = useId();
  return (
    <div className="sd-orders-field sd-orders-search">
      <label className="sd-orders-field-label" htmlFor={id}>
        Search
      </label>
      <div className="sd-orders-field-box sd-orders-field-adorned">
        <span className="sd-orders-field-adornment">
          <SearchOutlined fontSize="small" />
        </span>
        <input
          id={id}
          type="search"
          className="sd-orders-field-input"
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={SEARCH_MAX_LENGTH}
          title={SEARCH_TITLE}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onEnter();
          }}
        />
        <Outline label="Search" />
      </div>
    </div>
  );
}
