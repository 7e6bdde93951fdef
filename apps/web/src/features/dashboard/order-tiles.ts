import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import RemoveShoppingCartOutlined from '@mui/icons-material/RemoveShoppingCartOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { DashboardTile, OrderStatus } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';

export interface OrderTile {
  /** The tile title, equal to the `xLabels` of its salesCount entry (typed by the contract, so a rename fails here). */
  title: DashboardTile;
  /** The order list the tile opens (spec 2.4). */
  href: string;
  /**
   * Whether more is good news, for the colour of the change: more cancellations are bad news, so a rise is shown
   * in the error colour there. The arrow always follows the sign.
   */
  risingIsGood: boolean;
  icon: SvgIconComponent;
}

const listOf = (status: OrderStatus) => hrefs.ordersByStatus(status);

export const ORDER_TILES: readonly OrderTile[] = [
  { title: 'Received Orders', href: listOf('Sales Order'), risingIsGood: true, icon: ShoppingCartOutlined },
  { title: 'Open Orders', href: listOf('Sales Order'), risingIsGood: true, icon: PendingActionsOutlined },
  { title: 'Shipped Orders', href: listOf('Completed'), risingIsGood: true, icon: LocalShippingOutlined },
  { title: 'Cancelled Orders', href: listOf('Canceled'), risingIsGood: false, icon: RemoveShoppingCartOutlined },
];
