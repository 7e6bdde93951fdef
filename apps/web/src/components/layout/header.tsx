import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import type { SubscribedApp } from '@shipdesk/contract';
import { BrandLogo } from '@/components/brand-logo';
import { PrintQueueButton } from '@/components/printing/print-queue-button';
import { hrefs } from '@/config/paths';
import { AppsMenu } from './apps-menu.tsx';
import { ColorModeMenu } from './color-mode-menu.tsx';
import { UserMenu } from './user-menu.tsx';

export interface HeaderProps {
  menuExpanded: boolean;
  onToggleMenu: () => void;
  userName: string;
  email: string;
  profileUrl: string;
  apps: readonly SubscribedApp[];
  onLogout: () => Promise<void> | void;
}

/** The top bar (spec 2.3): menu toggle, logo (to /orders), apps grid, colour mode and the user menu. */
export function Header({ menuExpanded, onToggleMenu, userName, email, profileUrl, apps, onLogout }: HeaderProps) {
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar sx={{ gap: 1, pl: { xs: 1.5, sm: 1.5 } }}>
        <Tooltip title={menuExpanded ? 'Collapse menu' : 'Expand menu'}>
          <IconButton
            color="inherit"
            edge="start"
            onClick={onToggleMenu}
            aria-label={menuExpanded ? 'Collapse menu' : 'Expand menu'}
            aria-expanded={menuExpanded}
            sx={{ ml: 0.25 }}
          >
            {menuExpanded ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Box
          component={RouterLink}
          to={hrefs.orders()}
          aria-label="Shipdesk, go to orders"
          sx={{ display: 'inline-flex', ml: 1, borderRadius: 1, textDecoration: 'none' }}
        >
          <BrandLogo size={30} />
        </Box>
        <Box sx={{ flex: 1 }} />
        <AppsMenu apps={apps} />
        <PrintQueueButton />
        <ColorModeMenu />
        <UserMenu name={userName} email={email} profileUrl={profileUrl} onLogout={onLogout} />
      </Toolbar>
    </AppBar>
  );
}
