import { Link as RouterLink } from 'react-router';
import ElectricalServicesOutlined from '@mui/icons-material/ElectricalServicesOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import Button from '@mui/material/Button';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';

export function ShippingMethodsTab() {
  return (
    <EmptyState
      icon={<LocalShippingOutlined />}
      title="No shipping methods yet"
      text="Shipping methods are the delivery options your stores offer at checkout. Each one is mapped to a carrier service and to the stores that use it, so labels are bought with the right carrier. Managing them is not available yet."
      action={
        <Button component={RouterLink} to={hrefs.shipRule()}>
          About shipping rules
        </Button>
      }
    />
  );
}

export function IntegrationsTab() {
  return (
    <EmptyState
      icon={<ElectricalServicesOutlined />}
      title="No carrier accounts connected"
      text="Carrier accounts (USPS, UPS, FedEx) will be connected here to buy postage and track shipments. Sales channels are connected on the Stores page."
      action={
        <Button component={RouterLink} to={hrefs.stores()} variant="contained">
          Go to stores
        </Button>
      }
    />
  );
}

export function UsersTab() {
  return (
    <EmptyState
      icon={<ManageAccountsOutlined />}
      title="Users are managed in the account service"
      text="People in your organisation, their roles (Admin or Manager) and their sign-in are handled by the identity and access management app."
      action={
        <Button component={RouterLink} to={hrefs.switchApps()} variant="contained">
          Open Switch Apps
        </Button>
      }
    />
  );
}
