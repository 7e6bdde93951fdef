import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { OPEN_ORDERS, type DashboardTile, type DeliveryTile, type OrderStatus } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';

export interface OrderTile {
  /** The tile title, equal to the `xLabels` of its salesCount entry (typed by the contract, so a rename fails here). */
  title: DashboardTile | DeliveryTile;
  /** The order list the tile opens (spec 2.4). */
  href: string;
  /**
   * Whether more is good news, for the colour of the change: more cancellations are bad news, so a rise is shown
   * in the error colour there. The arrow always follows the sign.
   */
  risingIsGood: boolean;
  icon: SvgIconComponent;
  /** A few words under the title: what is counted, at a glance. */
  caption: string;
  /** What the tile counts, exactly (docs/dashboard.md, "What each tile counts"), in the tile's info tooltip. */
  definition: string;
}

const listOf = (status: OrderStatus) => hrefs.ordersByStatus(status);

const either = (words: readonly string[]) => words.join(' or ');

/** Open Orders in words, from the contract's definition (the one the server's figures are tested against). */
const OPEN_ORDERS_DEFINITION =
  `Orders placed in this period whose status is now ${either(OPEN_ORDERS.orderStatuses)} with shipment ` +
  `${either(OPEN_ORDERS.shipmentStatuses)}: approved, not fully shipped. Drafts, completed and cancelled orders are ` +
  'not counted. The Sales Order tab lists every Sales Order, whenever it was placed, so it usually shows more.';

export const ORDER_TILES: readonly OrderTile[] = [
  {
    title: 'Received Orders',
    href: listOf('Sales Order'),
    risingIsGood: true,
    icon: ShoppingCartOutlined,
    caption: 'Placed in this period',
    definition:
      'Orders placed in this period (by order date), whatever their status now, drafts included. Deleted drafts ' +
      'are not counted.',
  },
  {
    title: 'Open Orders',
    href: listOf('Sales Order'),
    risingIsGood: true,
    icon: PendingActionsOutlined,
    caption: 'Placed in this period, not yet shipped',
    definition: OPEN_ORDERS_DEFINITION,
  },
  {
    title: 'Shipped Orders',
    href: listOf('Completed'),
    risingIsGood: true,
    icon: LocalShippingOutlined,
    caption: 'Fully shipped in this period',
    definition: 'Orders that became fully shipped (Shipped Complete) in this period, whenever they were placed.',
  },
  {
    title: 'Cancelled Orders',
    href: listOf('Canceled'),
    risingIsGood: false,
    icon: RemoveShoppingCartOutlined,
    caption: 'Cancelled in this period',
    definition:
      'Orders cancelled in this period, whenever they were placed: wholly, or the unshipped rest of a partly ' +
      'shipped order.',
  },
];
