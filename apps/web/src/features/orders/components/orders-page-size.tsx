import { Suspense, useEffect, useId, useRef, useState } from 'react';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { lazyLoaded, loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import './orders-page-size.css';

const loadField = loadOnce(() => import('./orders-page-size-field'));
const OrdersPageSizeField = lazyLoaded(loadField, (m) => m.OrdersPageSizeField);

/** The keys that open MUI's select from the keyboard. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

interface Reach {
  open: boolean;
}

/**
 * "Rows per page" as MUI's small standard select draws it, without its code: a combobox showing the size, which asks
 * for the real one when focused or clicked. Drawn on the first render (the server's HTML and the hydrating client
 * alike) and while the real field loads; `focused`, when the seller had reached for it, it keeps the focus meanwhile.
 */
function PageSizePlaceholder({ size, focused, onReach }: { size: number; focused: boolean; onReach(r: Reach): void }) {
  const labelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focused) ref.current?.focus();
  }, [focused]);
  return (
    <div className="sd-page-size">
      <div className="sd-page-size-label" id={labelId}>
        Rows per page
      </div>
      <div className="sd-page-size-box">
        <div
          ref={ref}
          role="combobox"
          tabIndex={0}
          aria-labelledby={labelId}
          aria-haspopup="listbox"
          aria-expanded={false}
          className="sd-page-size-select"
          onFocus={() => onReach({ open: false })}
          onMouseDown={(event) => {
            if (event.button !== 0) return;
            event.preventDefault();
            onReach({ open: true });
          }}
          onKeyDown={(event) => {
            if (!OPENING_KEYS.has(event.key)) return;
            event.preventDefault();
            onReach({ open: true });
          }}
        >
          {size}
        </div>
        <ArrowDropDown className="sd-page-size-arrow" />
      </div>
    </div>
  );
}

/**
 * The list's page size. The first render draws a look-alike placeholder; MUI's select (OrdersPageSizeField) replaces
 * it when the seller focuses or clicks it (the real one then takes the focus, and opens if it was clicked or opened
 * from the keyboard). Its code is fetched when the browser is idle after the page's data has come, so that it is
 * there by then; it is not drawn then: that swap, for the same look, cost a phone a task of 190 ms after the list was
 * shown.
 */
export function OrdersPageSize({ size, onSize }: { size: number; onSize(size: number): void }) {
  const [reach, setReach] = useState<Reach | null>(null);
  useWhenIdle(() => void loadField().catch(() => undefined));
  const live = reach !== null;
  const onReach = (next: Reach) => setReach((current) => ({ open: (current?.open ?? false) || next.open }));
  const placeholder = <PageSizePlaceholder size={size} focused={reach !== null} onReach={onReach} />;
  if (!live) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OrdersPageSizeField size={size} onSize={onSize} reach={reach} />
    </Suspense>
  );
}
