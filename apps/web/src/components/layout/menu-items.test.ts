import { describe, expect, it } from 'vitest';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Role } from '@shipdesk/contract';
import { FOOTER_MENU, filterMenuByRole, isMenuItemActive, MAIN_MENU, type MenuItem } from './menu-items.ts';

const ids = (items: MenuItem[]) => items.map((i) => i.id);

describe('menu model', () => {
  it('has the spec 2.3 entries with their routes', () => {
    expect(MAIN_MENU.map((i) => [i.title, i.route])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Orders', '/orders'],
      ['Problems', '/problems'],
      ['End of day', '/end-of-day'],
      ['Stores', '/stores'],
      ['Ship Rule', '/ship_rule'],
      ['Switch Apps', '/switch_apps'],
    ]);
    expect(FOOTER_MENU.map((i) => [i.title, i.route])).toEqual([['Settings', '/settings']]);
  });

  it('Admin and Manager see every entry; SuperAdmin sees none', () => {
    expect(ids(filterMenuByRole(MAIN_MENU, Role.Admin))).toHaveLength(7);
    expect(ids(filterMenuByRole(MAIN_MENU, Role.Manager))).toHaveLength(7);
    expect(filterMenuByRole(FOOTER_MENU, Role.Manager)).toHaveLength(1);
    expect(filterMenuByRole(MAIN_MENU, Role.SuperAdmin)).toEqual([]);
    expect(filterMenuByRole(FOOTER_MENU, Role.SuperAdmin)).toEqual([]);
  });

  it('filters sub-entries too and drops an empty parent without a route', () => {
    const menu: MenuItem[] = [
      {
        id: 'group',
        title: 'Group',
        icon: DashboardIcon,
        roles: [Role.Admin, Role.Manager],
        route: '',
        items: [
          { id: 'adminOnly', title: 'Admin only', icon: DashboardIcon, roles: [Role.Admin], route: '/a' },
          { id: 'both', title: 'Both', icon: DashboardIcon, roles: [Role.Admin, Role.Manager], route: '/b' },
        ],
      },
      {
        id: 'adminGroup',
        title: 'Admin group',
        icon: DashboardIcon,
        roles: [Role.Manager],
        route: '',
        items: [{ id: 'x', title: 'X', icon: DashboardIcon, roles: [Role.Admin], route: '/x' }],
      },
    ];
    const forManager = filterMenuByRole(menu, Role.Manager);
    expect(ids(forManager)).toEqual(['group']);
    expect(ids(forManager[0]?.items ?? [])).toEqual(['both']);
    expect(ids(filterMenuByRole(menu, Role.Admin)[0]?.items ?? [])).toEqual(['adminOnly', 'both']);
  });

  it('activates an entry when the path contains its route', () => {
    const orders = MAIN_MENU.find((i) => i.id === 'orders')!;
    const stores = MAIN_MENU.find((i) => i.id === 'stores')!;
    expect(isMenuItemActive(orders, '/orders')).toBe(true);
    expect(isMenuItemActive(orders, '/orders/view/12')).toBe(true);
    expect(isMenuItemActive(orders, '/orders/Sales%20Order')).toBe(true);
    expect(isMenuItemActive(orders, '/')).toBe(true);
    expect(isMenuItemActive(orders, '/dashboard')).toBe(false);
    expect(isMenuItemActive(stores, '/orders')).toBe(false);
    const settings = FOOTER_MENU[0]!;
    expect(isMenuItemActive(settings, '/settings/labels')).toBe(true);
  });

  it('a parent is active when one of its sub-entries is', () => {
    const parent: MenuItem = {
      id: 'p',
      title: 'P',
      icon: DashboardIcon,
      roles: [Role.Admin],
      route: '',
      items: [{ id: 'c', title: 'C', icon: DashboardIcon, roles: [Role.Admin], route: '/reports' }],
    };
    expect(isMenuItemActive(parent, '/reports')).toBe(true);
    expect(isMenuItemActive(parent, '/imports')).toBe(false);
  });
});
