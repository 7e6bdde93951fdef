import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { hrefs } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { DEFAULT_SETTINGS_TAB, SETTINGS_TABS, parseSettingsTab, type SettingsTabId } from './settings-tabs';
import { ConfigLoader } from './tabs/config-loader';
import { GeneralTab } from './tabs/general-tab';
import { LabelsTab } from './tabs/labels-tab';
import { IntegrationsTab, ShippingMethodsTab, UsersTab } from './tabs/other-tabs';
import { WarehouseTab } from './tabs/warehouse-tab';

/** /settings/:tab? — tabs deep-linked by the URL segment; a missing or unknown tab goes to General. */
export function SettingsPage() {
  const { tab: segment } = useParams();
  const tab = parseSettingsTab(segment);
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
        <TabContent tab={tab} />
      </Box>
    </>
  );
}

function TabContent({ tab }: { tab: SettingsTabId }) {
  switch (tab) {
    case 'general':
      return <ConfigLoader>{(entries) => <GeneralTab entries={entries} />}</ConfigLoader>;
    case 'warehouse':
      return <ConfigLoader>{(entries) => <WarehouseTab entries={entries} />}</ConfigLoader>;
    case 'labels':
      return <ConfigLoader>{(entries) => <LabelsTab entries={entries} />}</ConfigLoader>;
    case 'shipping-methods':
      return <ShippingMethodsTab />;
    case 'integrations':
      return <IntegrationsTab />;
    case 'users':
      return <UsersTab />;
  }
}
