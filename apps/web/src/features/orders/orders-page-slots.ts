import type { ComponentType, RefObject } from 'react';
import type { Order } from '@shipdesk/contract';
import type { BulkReportContent } from './hooks/use-bulk-order-event';

/**
 * The parts of the order screens that other features draw, given to the pages by app/ (features do not import each
 * other): the labels' batch progress and purchase for the list, the deliveries and their labels for one order.
 */

/** What is shown above the order list, between the report of a bulk action and the list. */
interface ListBannerProps {
  locale: string;
  /** Takes the focus when the banner's own close button, which holds it, goes. */
  focusAfterClose: RefObject<HTMLElement | null>;
}

/** How an action of another feature on the selected orders went, for the report above the list. */
export interface SelectionOutcome {
  severity: BulkReportContent['severity'];
  title: string;
  message?: string;
  /** The action changed the orders (and their versions): the selection is cleared. */
  clearSelection: boolean;
}

/** An action of another feature on the selected orders, drawn in the bulk actions bar. */
export interface SelectionActionsProps {
  /** How many orders are selected. */
  count: number;
  /** Runs `action` with the ids of the selected orders and reports its outcome above the list. */
  run(action: (orderIds: string[]) => Promise<SelectionOutcome>): Promise<void>;
}

export interface OrdersPageSlots {
  listBanner?: ComponentType<ListBannerProps>;
  selectionActions?: ComponentType<SelectionActionsProps>;
}

/** A card of the order view that another feature draws. */
export interface OrderPartProps {
  order: Order;
  locale: string;
}

export interface OrderViewSlots {
  /** After the lines: the order's deliveries. */
  deliveries?: ComponentType<OrderPartProps>;
}
