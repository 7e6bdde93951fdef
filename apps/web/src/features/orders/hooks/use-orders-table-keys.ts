import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { OrderSummary } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';

/**
 * Whether a key press may be a shortcut of the list: not while typing (a text field, a select, editable text), not
 * with Ctrl, Alt or Meta (the browser's and the system's), and not while a dialog or a menu is open.
 */
export function isShortcutKey(event: KeyboardEvent | globalThis.KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (target) {
    if (target.isContentEditable || target.closest('textarea, select, [role="combobox"], [role="listbox"]')) {
      return false;
    }
    if (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)) {
      return false;
    }
  }
  return document.querySelector('[role="dialog"][aria-modal="true"], [role="menu"]') === null;
}

/**
 * What each row of the order table calls: the same functions for every row and every render (they read the table's
 * latest rows and callbacks), so a memoized row is not rendered again because the table was.
 */
export interface OrdersTableRowKeys {
  /** The row's element at `index`, which the arrow keys focus. */
  setRow(index: number, element: HTMLTableRowElement | null): void;
  onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: OrderSummary, index: number): void;
  onFocus(event: FocusEvent<HTMLTableRowElement>, index: number): void;
  /** Opens the order (Enter, or a click on its row). */
  open(row: OrderSummary): void;
}

interface Latest {
  rows: readonly OrderSummary[] | undefined;
  onToggle: (row: OrderSummary) => void;
  navigate: ReturnType<typeof useNavigate>;
  activeIndex: number;
}

/**
 * The order table's keyboard: the rows form one tab stop; arrow keys (and Home/End), or `j` and `k` from anywhere on
 * the page, move between rows; Enter opens the order; Space, or `x`, toggles its selection. Returns the index of the
 * row that is the tab stop, and the row's handlers (`keys`), which never change.
 */
export function useOrdersTableKeys(rows: readonly OrderSummary[] | undefined, onToggle: (row: OrderSummary) => void) {
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const count = rows?.length ?? 0;
  const activeIndex = Math.min(active, Math.max(count - 1, 0));

  // A new page starts at its first row.
  const firstId = rows?.[0]?.id;
  useEffect(() => setActive(0), [firstId]);

  // What the handlers read when they run: this render's rows and callbacks (they run after its commit).
  const latest = useRef<Latest>({ rows, onToggle, navigate, activeIndex });
  useLayoutEffect(() => {
    latest.current = { rows, onToggle, navigate, activeIndex };
  });

  // Made once: the rows get the same handlers whatever changed.
  const [keys] = useState(() => {
    const focusRow = (index: number) => {
      const next = Math.max(0, Math.min(index, (latest.current.rows?.length ?? 0) - 1));
      setActive(next);
      rowRefs.current[next]?.focus();
    };
    const open = (row: OrderSummary) => void latest.current.navigate(hrefs.orderView(row.id));

    // j, k and x anywhere on the page (not only on a row): the page's shortcuts (docs/orders.md, "Shortcuts").
    const shortcut = (event: globalThis.KeyboardEvent) => {
      const { rows: current, activeIndex: at, onToggle: toggle } = latest.current;
      if (!isShortcutKey(event) || !current?.length) return;
      const focused = rowRefs.current.findIndex((element) => element?.contains(document.activeElement) ?? false);
      const row = focused >= 0 ? current[focused] : undefined;
      if (event.key === 'j') focusRow(focused >= 0 ? focused + 1 : at);
      else if (event.key === 'k') focusRow(focused >= 0 ? focused - 1 : at);
      else if (event.key === 'x' && row) toggle(row);
      else return;
      event.preventDefault();
    };

    const rowKeys: OrdersTableRowKeys = {
      setRow: (index, element) => {
        rowRefs.current[index] = element;
      },
      onKeyDown: (event, row, index) => {
        // Keys typed into the checkbox or link are theirs.
        if (event.target !== event.currentTarget) return;
        switch (event.key) {
          case 'ArrowDown':
            focusRow(index + 1);
            break;
          case 'ArrowUp':
            focusRow(index - 1);
            break;
          case 'Home':
            focusRow(0);
            break;
          case 'End':
            focusRow((latest.current.rows?.length ?? 0) - 1);
            break;
          case 'Enter':
            open(row);
            break;
          case ' ':
            latest.current.onToggle(row);
            break;
          default:
            return;
        }
        event.preventDefault();
      },
      onFocus: (event, index) => {
        if (event.target === event.currentTarget) setActive(index);
      },
      open,
    };
    return { rowKeys, shortcut };
  });

  useEffect(() => {
    document.addEventListener('keydown', keys.shortcut);
    return () => document.removeEventListener('keydown', keys.shortcut);
  }, [keys]);

  return { activeIndex, keys: keys.rowKeys };
}
