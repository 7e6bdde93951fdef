import './orders-check-box.css';

/** MUI's check box outline and its ticked box (the same 24-unit paths), drawn without its component. */
const BLANK = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const TICKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';

interface OrdersCheckBoxProps {
  checked: boolean;
  onChange(): void;
  label: string;
  /** 20-pixel box instead of 24 (compact rows). */
  small?: boolean;
  /** -1 where the row itself is the tab stop (the table); the box is reached by Space on the row. */
  tabIndex?: number;
}

/**
 * A row's selection box: a native check box (its role, name and keyboard) over the icon MUI's Checkbox draws, styled
 * once in orders-check-box.css. A list shows one per order, where MUI's Checkbox (ButtonBase, ripple, emotion
 * classes) cost the most of a row's render.
 */
export function OrdersCheckBox({ checked, onChange, label, small = false, tabIndex }: OrdersCheckBoxProps) {
  const className = `sd-orders-check${checked ? ' sd-orders-check--checked' : ''}${small ? ' sd-orders-check--small' : ''}`;
  return (
    <span className={className}>
      <input
        type="checkbox"
        className="sd-orders-check-input"
        checked={checked}
        onChange={onChange}
        aria-label={label}
        tabIndex={tabIndex}
      />
      <svg className="sd-orders-check-icon" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d={checked ? TICKED : BLANK} />
      </svg>
    </span>
  );
}
