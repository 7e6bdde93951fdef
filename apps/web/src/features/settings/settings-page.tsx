import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Role } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { selectUserRoleId, useAppSelector } from '@/lib/store-hooks';
import { PageHeader } from '@/components/page-header';
import { DEFAULT_SETTINGS_TAB, SETTINGS_TABS, parseSettingsTab, type SettingsTabId } from './settings-tabs';
import { CarriersTab } from './carriers/carriers-tab';
import { ShippingMethodsTab } from './shipping-methods/shipping-methods-tab';
import { ProductsTab } from './products/products-tab';
import { NotificationsTab } from './notifications/notifications-tab';
import { ConfigLoader } from './tabs/config-loader';
import { GeneralTab } from './tabs/general-tab';
import { LabelsTab } from './tabs/labels-tab';
import { IntegrationsTab } from './tabs/integrations-tab';
import { UsersTab } from './tabs/other-tabs';
import { WarehouseTab } from './tabs/warehouse-tab';

interface SettingsPageProps {
  /**
   * The Users tab's content. Users are their own feature, which settings may not import; src/app composes the two
   * by passing it here. Without it the tab explains where users are managed.
   */
  usersTab?: ReactNode;
}

/** /settings/:tab? — tabs deep-linked by the URL segment; a missing or unknown tab goes to General. */
export function SettingsPage({ usersTab }: SettingsPageProps = {}) {
  const { tab: segment } = useParams();
  const tab = parseSettingsTab(segment);
  // The server lets only admins write settings (403 otherwise); say so up front instead of failing on save.
  const roleId = useAppSelector(selectUserRoleId);
  const readOnly = roleId !== Role.Admin && roleId !== Role.SuperAdmin;
  if (!tab) return <Navigate to={hrefs.settings(DEFAULT_SETTINGS_TAB)} replace />;

  return (
    <>
      <PageHeader title="Settings" />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Settings sections"
        >
          {SETTINGS_TABS.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={t.label}
              component={RouterLink}
              to={hrefs.settings(t.id)}
              id={`settings-tab-${t.id}`}
              aria-controls={`settings-panel-${t.id}`}
              sx={{ textTransform: 'none' }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        {readOnly && FORM_TABS.has(tab) ? (
          <Alert severity="info" sx={{ mb: 3 }}>
            Only administrators can change these settings.
          </Alert>
        ) : null}
        <TabContent tab={tab} readOnly={readOnly} usersTab={usersTab} />
      </Box>
    </>
  );
}

const FORM_TABS = new Set<SettingsTabId>([
  'general',
  'warehouse',
  'carriers',
  'shipping-methods',
  'products',
  'labels',
  'notifications',
  'integrations',
]);

function TabContent({ tab, readOnly, usersTab }: { tab: SettingsTabId; readOnly: boolean; usersTab: ReactNode }) {
  switch (tab) {
    case 'general':
      return <ConfigLoader>{(entries) => <GeneralTab entries={entries} readOnly={readOnly} />}</ConfigLoader>;
    case 'warehouse':
      return <ConfigLoader>{(entries) => <WarehouseTab entries={entries} readOnly={readOnly} />}</ConfigLoader>;
    case 'labels':
      return <ConfigLoader>{(entries) => <LabelsTab entries={entries} readOnly={readOnly} />}</ConfigLoader>;
    case 'carriers':
      return <CarriersTab readOnly={readOnly} />;
    case 'shipping-methods':
      return <ShippingMethodsTab readOnly={readOnly} />;
    case 'products':
      return <ProductsTab readOnly={readOnly} />;
    case 'notifications':
      return <NotificationsTab readOnly={readOnly} />;
    case 'integrations':
      return <IntegrationsTab readOnly={readOnly} />;
    case 'users':
      return usersTab ?? <UsersTab />;
  }
}
