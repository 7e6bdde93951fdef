import { Link as RouterLink } from 'react-router';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import Button from '@mui/material/Button';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /ship_rule (spec 2.2). Rule sets per store arrive with the shipping-rules API. */
export function ShipRulePage() {
  return (
    <>
      <PageHeader title="Ship Rule" subtitle="Choose the carrier, service and package for each order automatically." />
      <EmptyState
        icon={<RuleOutlined />}
        title="No shipping rules yet"
        text="Shipping rules pick a shipping method from an order's store, weight, destination and contents. They build on your shipping methods, so add those first."
        action={
          <>
            <Button component={RouterLink} to={hrefs.settings('shipping-methods')} variant="contained">
              Set up shipping methods
            </Button>
            <Button component={RouterLink} to={hrefs.switchApps()}>
              Open the rule engine app
            </Button>
          </>
        }
      />
    </>
  );
}
