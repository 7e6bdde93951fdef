/** The tabs of /settings/:tab (deep-linked by the URL segment). */
export const SETTINGS_TABS = [
  { id: 'general', label: 'General' },
  { id: 'warehouse', label: 'Warehouse' },
  { id: 'carriers', label: 'Carriers' },
  { id: 'shipping-methods', label: 'Shipping Methods' },
  { id: 'products', label: 'Products' },
  { id: 'labels', label: 'Labels' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'users', label: 'Users' },
] as const;

export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];
export const DEFAULT_SETTINGS_TAB: SettingsTabId = 'general';

export function parseSettingsTab(segment: string | undefined): SettingsTabId | null {
  return SETTINGS_TABS.find((tab) => tab.id === segment)?.id ?? null;
}
