import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
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
 * The order table's keyboard: the rows form one tab stop; arrow keys (and Home/End), or `j` and `k` from anywhere on
 * the page, move between rows; Enter opens the order; Space, or `x`, toggles its selection. Returns the props each
 * row needs.
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

  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(index, count - 1));
    setActive(next);
    rowRefs.current[next]?.focus();
  };

  // j, k and x anywhere on the page (not only on a row): the page's shortcuts (docs/orders.md, "Shortcuts").
  const shortcut = useRef<(event: globalThis.KeyboardEvent) => void>(() => undefined);
  shortcut.current = (event) => {
    if (!isShortcutKey(event) || count === 0) return;
    const focused = rowRefs.current.findIndex((element) => element?.contains(document.activeElement) ?? false);
    const row = focused >= 0 ? rows?.[focused] : undefined;
    if (event.key === 'j') focusRow(focused >= 0 ? focused + 1 : activeIndex);
    else if (event.key === 'k') focusRow(focused >= 0 ? focused - 1 : activeIndex);
    else if (event.key === 'x' && row) onToggle(row);
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => shortcut.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: OrderSummary, index: number) => {
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
        focusRow(count - 1);
        break;
      case 'Enter':
        void navigate(hrefs.orderView(row.id));
        break;
      case ' ':
        onToggle(row);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (row: OrderSummary, index: number) => ({
    ref: (element: HTMLTableRowElement | null) => {
      rowRefs.current[index] = element;
    },
    tabIndex: index === activeIndex ? 0 : -1,
    onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => onKeyDown(event, row, index),
    onFocus: (event: FocusEvent<HTMLTableRowElement>) => {
      if (event.target === event.currentTarget) setActive(index);
    },
  });
}
