import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ShoppingBagIcon from '@mui/icons-material/ShoppingBag';
import StoreIcon from '@mui/icons-material/Store';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import RuleIcon from '@mui/icons-material/Rule';
import SwitchAccessShortcutIcon from '@mui/icons-material/SwitchAccessShortcut';
import SettingsIcon from '@mui/icons-material/Settings';
import { Role } from '@shipdesk/contract';
import { paths } from '@/config/paths';

/** One sidebar entry (spec 2.3): icon, title, id, the roles that see it, its route and optional sub-entries. */
export interface MenuItem {
  id: string;
  title: string;
  icon: SvgIconComponent;
  roles: readonly number[];
  /** Where the entry leads; empty for entries that only anchor something (the Setup Guide). */
  route: string;
  /** Other paths that also activate the entry (the order list is also served at '/'). */
  alsoActiveOn?: readonly string[];
  items?: MenuItem[];
}

const STAFF = [Role.Admin, Role.Manager] as const;

/** The id of the entry the Setup-guide popover is anchored to (spec 2.3). */
export const SETUP_GUIDE_MENU_ID = 'setupGuide';
/** The Setup Guide popover's id, which its menu entry controls while it is open. */
export const SETUP_GUIDE_DIALOG_ID = 'setup-guide-dialog';

export const MAIN_MENU: MenuItem[] = [
  { id: 'dashboard', title: 'Dashboard', icon: DashboardIcon, roles: STAFF, route: paths.dashboard },
  { id: 'orders', title: 'Orders', icon: ShoppingBagIcon, roles: STAFF, route: paths.orders, alsoActiveOn: ['/'] },
  { id: 'problems', title: 'Problems', icon: ReportProblemIcon, roles: STAFF, route: paths.problems },
  { id: 'endOfDay', title: 'End of day', icon: LocalShippingIcon, roles: STAFF, route: paths.endOfDay },
  { id: 'stores', title: 'Stores', icon: StoreIcon, roles: STAFF, route: paths.stores },
  { id: 'shipRule', title: 'Ship Rule', icon: RuleIcon, roles: STAFF, route: paths.shipRule },
  { id: 'switchApps', title: 'Switch Apps', icon: SwitchAccessShortcutIcon, roles: STAFF, route: paths.switchApps },
];

export const FOOTER_MENU: MenuItem[] = [
  { id: 'settings', title: 'Settings', icon: SettingsIcon, roles: STAFF, route: '/settings' },
];

/** Entries (and sub-entries) the role may see; a parent left with no visible route and no children is dropped. */
export function filterMenuByRole(items: readonly MenuItem[], roleId: number): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (!item.roles.includes(roleId)) continue;
    if (item.items) {
      const children = filterMenuByRole(item.items, roleId);
      if (children.length === 0 && !item.route) continue;
      out.push({ ...item, items: children });
    } else {
      out.push(item);
    }
  }
  return out;
}

/**
 * Spec 2.3: an entry is active when the path contains its route (so /orders/view/7 activates Orders),
 * or when one of its sub-entries is active.
 */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  const path = safeDecode(pathname);
  if (item.route && path.includes(item.route)) return true;
  if (item.alsoActiveOn?.includes(path)) return true;
  return item.items?.some((child) => isMenuItemActive(child, pathname)) ?? false;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
