import { Link as RouterLink } from 'react-router';
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
