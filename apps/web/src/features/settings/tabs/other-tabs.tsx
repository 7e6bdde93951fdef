import { Link as RouterLink } from 'react-router';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import Button from '@mui/material/Button';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';

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
