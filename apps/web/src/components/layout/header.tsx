import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import type { SubscribedApp } from '@shipdesk/contract';
import { BrandLogo } from '@/components/brand-logo';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { PrintQueueButton } from '@/components/printing/print-queue-button';
import { hrefs } from '@/config/paths';
import { AppsMenu } from './apps-menu.tsx';
import { ColorModeMenu } from './color-mode-menu.tsx';
import { SIDEBAR_ID } from './sidebar.tsx';
import { UserMenu } from './user-menu.tsx';

interface HeaderProps {
  /** The sidebar is expanded (permanent drawer) or open (temporary drawer). */
  menuExpanded: boolean;
  onToggleMenu: () => void;
  /** The sidebar is a temporary drawer over the page (narrow screens): the button opens it. */
  temporaryMenu?: boolean;
  userName: string;
  email: string;
  profileUrl: string;
  apps: readonly SubscribedApp[];
  onLogout: () => Promise<void> | void;
}

/**
 * The top bar (spec 2.3): menu toggle, logo (to /orders), apps grid, colour mode and the user menu. Memoised, as are
 * the sidebar, the footer and the order list's header, tabs, filters and rows: the page's data coming in re-renders
 * what is above them, synchronously (the store's updates are), and they rarely change with it.
 */
export const Header = memo(function Header({
  menuExpanded,
  onToggleMenu,
  temporaryMenu = false,
  userName,
  email,
  profileUrl,
  apps,
  onLogout,
}: HeaderProps) {
  const menuLabel = temporaryMenu
    ? menuExpanded
      ? 'Close menu'
      : 'Open menu'
    : menuExpanded
      ? 'Collapse menu'
      : 'Expand menu';
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        // Above the permanent drawer; a temporary drawer opens over it, like any modal.
        zIndex: (theme) => (temporaryMenu ? theme.zIndex.appBar : theme.zIndex.drawer + 1),
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar sx={{ gap: 1, pl: { xs: 1.5, sm: 1.5 } }}>
        <LazyTooltip title={menuLabel}>
          <IconButton
            color="inherit"
            edge="start"
            onClick={onToggleMenu}
            aria-label={menuLabel}
            aria-expanded={menuExpanded}
            aria-controls={temporaryMenu ? SIDEBAR_ID : undefined}
            sx={{ ml: 0.25 }}
          >
            {menuExpanded && !temporaryMenu ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </LazyTooltip>
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
});
