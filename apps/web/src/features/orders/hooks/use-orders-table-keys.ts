import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { OrderSummary } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';

/**
 * The order table's keyboard: the rows form one tab stop; arrow keys (and Home/End) move between rows, Enter opens
 * the order, Space toggles its selection. Returns the props each row needs.
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
