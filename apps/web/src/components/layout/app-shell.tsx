import { memo, useCallback, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import type { Theme } from '@mui/material/styles';
import type { SubscribedApp } from '@shipdesk/contract';
import { LiveAnnouncer } from '@/components/live-announcer';
import { useHydrated, useMediaMatch } from '@/lib/hydration/use-hydrated';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { REPORT_ISSUE_RESERVED_SPACE, ReportIssueButton } from './report-issue-button.tsx';
import { Sidebar } from './sidebar.tsx';

interface AppShellProps {
  children: ReactNode;
  menuExpanded: boolean;
  onToggleMenu: () => void;
  roleId: number;
  userName: string;
  email: string;
  apps: readonly SubscribedApp[];
  setupGuideSteps: Record<string, boolean>;
  setupGuideProblems?: ReadonlyArray<{ message: string; route: string }>;
  setupGuideFresh: boolean;
  profileUrl: string;
  supportUrl: string;
  providerUrl: string;
  onLogout: () => Promise<void> | void;
}

/**
 * The signed-in frame of spec 2.3: header, sidebar, the page, footer and the 'Report an Issue' button. Below the md
 * breakpoint (phones, small tablets) the sidebar is a temporary drawer that the header's menu button opens, so the
 * page gets the whole width. From md to lg (a 1024-pixel tablet or laptop) it starts collapsed to its icons, whatever
 * the stored setting, so that the order list's columns fit; the menu button still expands it for the visit.
 * Memoised: the start-up's requests and the sign-in library re-render the signed-in area above it with the same props
 * (its `children` too: a constant element).
 */
export const AppShell = memo(function AppShell(props: AppShellProps) {
  // While the page's HTML hydrates both answer false: the HTML is the wide layout, which the sidebar's CSS turns into
  // the narrow ones until the real answers come, in the transition after.
  const temporaryDrawer = useMediaMatch((theme: Theme) => theme.breakpoints.down('md'));
  const narrow = useMediaMatch((theme: Theme) => theme.breakpoints.down('lg'));
  const hydrated = useHydrated();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [narrowExpanded, setNarrowExpanded] = useState(false);
  const menuExpanded = temporaryDrawer ? drawerOpen : narrow ? narrowExpanded : props.menuExpanded;
  // Stable callbacks: the header and the sidebar are memoised, and the page's data coming in re-renders what is above.
  const toggleDrawer = useCallback(() => setDrawerOpen((open) => !open), []);
  const toggleNarrow = useCallback(() => setNarrowExpanded((expanded) => !expanded), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const onToggleMenu = temporaryDrawer ? toggleDrawer : narrow ? toggleNarrow : props.onToggleMenu;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header
        menuExpanded={menuExpanded}
        onToggleMenu={onToggleMenu}
        temporaryMenu={temporaryDrawer}
        userName={props.userName}
        email={props.email}
        profileUrl={props.profileUrl}
        apps={props.apps}
        onLogout={props.onLogout}
      />
      <Sidebar
        expanded={narrow && !temporaryDrawer ? narrowExpanded : props.menuExpanded}
        roleId={props.roleId}
        setupGuideSteps={props.setupGuideSteps}
        setupGuideProblems={props.setupGuideProblems}
        setupGuideFresh={props.setupGuideFresh}
        temporary={temporaryDrawer}
        responsiveByCss={!hydrated}
        open={temporaryDrawer && drawerOpen}
        onClose={closeDrawer}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{
            flex: 1,
            px: { xs: 2, md: 3 },
            pt: { xs: 2, md: 3 },
            // Scrolled to the end, the page's last content sits above the floating 'Report an Issue' button.
            pb: props.supportUrl ? `${REPORT_ISSUE_RESERVED_SPACE}px` : { xs: 2, md: 3 },
            outline: 'none',
          }}
        >
          {props.children}
          {/* Inside the main landmark: axe wants every content in one. */}
          <LiveAnnouncer />
        </Box>
        <Footer providerUrl={props.providerUrl} />
      </Box>
      <ReportIssueButton supportUrl={props.supportUrl} />
    </Box>
  );
});
