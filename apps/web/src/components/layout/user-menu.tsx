import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import { ConfirmDialog } from '@/components/confirm-dialog';

interface UserMenuProps {
  name: string;
  email: string;
  /** The account service's profile page, opened in a new tab. */
  profileUrl: string;
  onLogout: () => Promise<void> | void;
}

/** The header's user-name menu: 'View Profile' and 'Logout' behind a confirmation (spec 2.3). */
export function UserMenu({ name, email, profileUrl, onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const label = name || email || 'Account';

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={`${label}, account menu`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor ? true : undefined}
        endIcon={<ExpandMoreIcon />}
        // On a phone the avatar alone: the chevron would touch the screen's edge.
        sx={{
          textTransform: 'none',
          ml: 1,
          minWidth: 0,
          '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
      >
        {/* The initial is drawn by CSS, so the button's words are the name alone and its label starts with them. */}
        <Box
          aria-hidden
          sx={{
            width: 30,
            height: 30,
            mr: 1,
            flexShrink: 0,
            borderRadius: '50%',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            fontSize: 15,
            '&::before': { content: JSON.stringify(label.charAt(0).toUpperCase()) },
          }}
        />
        <Typography component="span" noWrap sx={{ maxWidth: 180, display: { xs: 'none', sm: 'inline' } }}>
          {label}
        </Typography>
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {email ? (
          <Typography variant="body2" sx={{ px: 2, py: 1, color: 'text.secondary' }}>
            {email}
          </Typography>
        ) : null}
        {email ? <Divider /> : null}
        <MenuItem
          component="a"
          href={profileUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => setAnchor(null)}
        >
          <ListItemIcon>
            <AccountCircleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>View Profile</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
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
