import { useState } from 'react';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { ConfirmDialog } from '@/components/confirm-dialog';

interface UserMenuListProps {
  menuId: string;
  /** The user-name button while the menu is open. */
  anchor: HTMLElement | null;
  onClose(): void;
  email: string;
  /** The account service's profile page, opened in a new tab. */
  profileUrl: string;
  onLogout: () => Promise<void> | void;
}

/**
 * The user menu's 'View Profile' and 'Logout', and the confirmation before logging out (UserMenu draws them from its
 * first opening on, their code loaded then or when the browser was idle).
 */
export function UserMenuList({ menuId, anchor, onClose, email, profileUrl, onLogout }: UserMenuListProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {email ? (
          <Typography variant="body2" sx={{ px: 2, py: 1, color: 'text.secondary' }}>
            {email}
          </Typography>
        ) : null}
        {email ? <Divider /> : null}
        <MenuItem component="a" href={profileUrl} target="_blank" rel="noopener noreferrer" onClick={onClose}>
          <ListItemIcon>
            <AccountCircleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>View Profile</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            onClose();
            setConfirming(true);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming}
        message="Are you sure you want to log out?"
        confirmLabel="Confirm"
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await onLogout();
          } finally {
            setBusy(false);
            setConfirming(false);
          }
        }}
      />
    </>
  );
}
