import { lazy, memo, startTransition, Suspense, useCallback, useMemo, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { Theme } from '@mui/material/styles';
import { Role } from '@shipdesk/contract';
import { BrandLogo } from '@/components/brand-logo';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { setupGuideSummary } from '@/lib/state/setup-guide-slice';
import {
  FOOTER_MENU,
  filterMenuByRole,
  isMenuItemActive,
  MAIN_MENU,
  SETUP_GUIDE_DIALOG_ID,
  SETUP_GUIDE_MENU_ID,
  type MenuItem,
} from './menu-items.ts';
import { ProgressRing } from './progress-ring.tsx';
import { useSetupGuideOpen } from './use-setup-guide-open.ts';

// The phone's drawer is built when it first opens (a phone's first screen does not draw it): its code comes then, or
// at an idle moment before.
const loadTemporaryDrawer = loadOnce(() => import('./sidebar-temporary-drawer.tsx'));
const SidebarTemporaryDrawer = lazy(() =>
  loadTemporaryDrawer().then((module) => ({ default: module.SidebarTemporaryDrawer })),
);

// The guide's popover is drawn only while open: its code comes when it first opens (by itself on load, or asked
// for), or at an idle moment before.
const loadGuide = loadOnce(() => import('./setup-guide-popover.tsx'));
const SetupGuidePopover = lazy(() => loadGuide().then((module) => ({ default: module.SetupGuidePopover })));

const DRAWER_WIDTH = 240;
const DRAWER_COLLAPSED_WIDTH = 64;

const widthTransition = (theme: Theme) =>
  theme.transitions.create('width', {
    easing: theme.transitions.easing.sharp,
    duration: theme.transitions.duration.shorter,
  });

interface SidebarProps {
  expanded: boolean;
  roleId: number;
  setupGuideSteps: Record<string, boolean>;
  setupGuideProblems?: ReadonlyArray<{ message: string; route: string }>;
  /** True once the setup-guide call of this page load has answered: the popover may open by itself. */
  setupGuideFresh: boolean;
  /**
   * Below the md breakpoint: a temporary drawer over the page (the header's menu button opens it; Escape, a click
   * outside or following one of its links closes it), always with its titles. Otherwise a permanent one beside it.
   */
  temporary?: boolean;
  open?: boolean;
  onClose?: () => void;
  /**
   * The page's HTML (docs/decisions.md): the permanent, expanded sidebar that CSS hides below md and shows collapsed
   * from md to lg, as the real layout there will be once the screen's width is known.
   */
  responsiveByCss?: boolean;
}

/** The sidebar's look collapsed to its icons, for the page's HTML (see `responsiveByCss`). */
const collapsedSx = {
  width: DRAWER_COLLAPSED_WIDTH,
  '& .MuiDrawer-paper': { width: DRAWER_COLLAPSED_WIDTH },
  '& .MuiListItemText-root, & .sd-sidebar-expanded-only': { opacity: 0 },
  '& .MuiListItemIcon-root': { marginRight: 0 },
};

/**
 * The expanded sidebar of the page's HTML drawn as the width and the seller's setting need it: hidden below md,
 * collapsed from md to lg, and collapsed from lg when the stored setting says so (public/stored-settings.js marks the
 * page before its first paint), as the layout will be once the app knows.
 */
const responsiveSx = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: { display: 'none' },
  [theme.breakpoints.between('md', 'lg')]: collapsedSx,
  [theme.breakpoints.up('lg')]: { 'html[data-sidebar="collapsed"] &': collapsedSx },
});

/** The id of the temporary drawer's paper, which the header's menu button controls. */
export const SIDEBAR_ID = 'main-navigation';

/** The selected entry's words and icon in the dark scheme (5.7:1 on the selected tint). */
const SELECTED_DARK = '#9dbde6';

/**
 * The navigation drawer of spec 2.3: expanded (icons and titles) or collapsed (icons with tooltips). Memoised: the
 * page's data coming in re-renders the shell above it.
 */
export const Sidebar = memo(function Sidebar({
  expanded: expandedSetting,
  roleId,
  setupGuideSteps,
  setupGuideProblems,
  setupGuideFresh,
  temporary = false,
  open = false,
  onClose,
  responsiveByCss = false,
}: SidebarProps) {
  const { pathname } = useLocation();
  // The same arrays while the role is the same: the menus are memoised.
  const main = useMemo(() => filterMenuByRole(MAIN_MENU, roleId), [roleId]);
  const footer = useMemo(() => filterMenuByRole(FOOTER_MENU, roleId), [roleId]);
  const expanded = temporary || expandedSetting;
  const width = expanded ? DRAWER_WIDTH : DRAWER_COLLAPSED_WIDTH;

  const [guideAnchor, setGuideAnchor] = useState<HTMLDivElement | null>(null);
  // Kept in a transition: a state set while React commits (the entry's ref, on the page's first render) would be drawn
  // synchronously at the end of that commit, with every effect waiting behind it, in one long task.
  const keepGuideAnchor = useCallback(
    (element: HTMLDivElement | null) => startTransition(() => setGuideAnchor(element)),
    [],
  );
  // A temporary drawer is built when it first opens, then kept for the next: a phone's first load does not lay out
  // a closed menu (docs/PERFORMANCE.md, "Web").
  const [everOpened, setEverOpened] = useState(open);
  if (open && !everOpened) setEverOpened(true);
  const showGuide = [Role.Admin, Role.Manager].includes(roleId as 2 | 3);
  // In a closed temporary drawer the guide's entry is off screen: the guide does not open by itself there.
  const guide = useSetupGuideOpen({
    steps: setupGuideSteps,
    fresh: setupGuideFresh,
    enabled: showGuide && !temporary,
  });
  const { open: guideOpen, close: closeGuide } = guide;
  useWhenIdle(() => void loadGuide().catch(() => undefined), showGuide);
  useWhenIdle(() => void loadTemporaryDrawer().catch(() => undefined), temporary);
  // A closed drawer takes its guide with it.
  const closeDrawer = () => {
    if (guideOpen) closeGuide();
    onClose?.();
  };
  // Following a link in the temporary drawer closes it (the page behind changes).
  const onDrawerClick = temporary
    ? (event: MouseEvent) => {
        if (event.target instanceof Element && event.target.closest('a[href]')) closeDrawer();
      }
    : undefined;

  const paperSx = {
    width,
    overflowX: 'hidden',
    transition: widthTransition,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
  } as const;

  const content = (
    <>
      {temporary ? (
        <Toolbar sx={{ pl: 2 }}>
          <BrandLogo size={30} />
        </Toolbar>
      ) : (
        <Toolbar />
      )}
      <Box component="nav" aria-label="Sections" sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <MenuList items={main} expanded={expanded} pathname={pathname} />
      </Box>
      <Divider />
      <Box component="nav" aria-label="Settings and setup">
        <List disablePadding sx={{ py: 1 }}>
          {showGuide ? (
            <SetupGuideEntry
              ref={keepGuideAnchor}
              expanded={expanded}
              steps={setupGuideSteps}
              onToggle={guide.toggle}
              open={guide.open}
            />
          ) : null}
        </List>
        {/* Right after its entry, so Tab goes from the entry into the open guide. */}
        {guide.open ? (
          <Suspense fallback={null}>
            <SetupGuidePopover
              anchorEl={guideAnchor}
              open
              autoFocus={guide.openedByUser}
              onClose={guide.close}
              steps={setupGuideSteps}
              problems={setupGuideProblems}
            />
          </Suspense>
        ) : null}
        <MenuList items={footer} expanded={expanded} pathname={pathname} />
      </Box>
    </>
  );
  if (temporary) {
    if (!everOpened) return null;
    return (
      <Suspense fallback={null}>
        <SidebarTemporaryDrawer
          open={open}
          onClose={closeDrawer}
          keepMounted
          paperId={SIDEBAR_ID}
          paperSx={paperSx}
          onClick={onDrawerClick}
        >
          {content}
        </SidebarTemporaryDrawer>
      </Suspense>
    );
  }
  // The permanent drawer as MUI's docked Drawer draws it, without its modal code in the first load.
  return (
    <Box
      component="aside"
      aria-label="Main navigation"
      className="MuiDrawer-root MuiDrawer-docked"
      sx={[{ width, flex: '0 0 auto', transition: widthTransition }, responsiveByCss ? responsiveSx : null]}
    >
      <Paper
        square
        elevation={0}
        className="MuiDrawer-paper"
        sx={{
          ...paperSx,
          position: 'fixed',
          top: 0,
          left: 0,
          height: '100%',
          overflowY: 'auto',
          zIndex: 'drawer',
          outline: 0,
          borderRight: 1,
          borderColor: 'divider',
        }}
      >
        {content}
      </Paper>
    </Box>
  );
});

/** Memoised: the sidebar re-renders for its Setup Guide (its anchor, its opening), not its entries. */
const MenuList = memo(function MenuList({
  items,
  expanded,
  pathname,
  depth = 0,
}: {
  items: MenuItem[];
  expanded: boolean;
  pathname: string;
  depth?: number;
}) {
  if (items.length === 0) return null;
  return (
    <List disablePadding sx={{ py: depth === 0 ? 1 : 0 }}>
      {items.map((item) => (
        <MenuEntry key={item.id} item={item} expanded={expanded} pathname={pathname} depth={depth} />
      ))}
    </List>
  );
});

function MenuEntry({
  item,
  expanded,
  pathname,
  depth,
}: {
  item: MenuItem;
  expanded: boolean;
  pathname: string;
  depth: number;
}) {
  const active = isMenuItemActive(item, pathname);
  const hasChildren = !!item.items?.length;
  const [open, setOpen] = useState(active);
  const Icon = item.icon;
  const linkProps = item.route && !hasChildren ? { component: RouterLink, to: item.route } : {};

  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <LazyTooltip title={item.title} placement="right" disabled={expanded}>
        <ListItemButton
          {...linkProps}
          selected={active}
          aria-current={active && !hasChildren ? 'page' : undefined}
          aria-label={expanded ? undefined : item.title}
          aria-expanded={hasChildren ? open : undefined}
          onClick={hasChildren ? () => setOpen((v) => !v) : undefined}
          sx={(theme) => ({
            minHeight: 44,
            mx: 1,
            my: 0.25,
            px: 1.5,
            pl: expanded ? 1.5 + depth * 2 : 1.5,
            borderRadius: 1,
            '&.Mui-selected': { color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
            // On the selected tint of the dark drawer the brand blue is too dim for words (4:1): a lighter one.
            ...theme.applyStyles('dark', {
              '&.Mui-selected': { color: SELECTED_DARK, '& .MuiListItemIcon-root': { color: SELECTED_DARK } },
            }),
          })}
        >
          <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 0, justifyContent: 'center' }}>
            <Icon />
          </ListItemIcon>
          <ListItemText
            primary={item.title}
            sx={{ opacity: expanded ? 1 : 0, whiteSpace: 'nowrap', m: 0 }}
            slotProps={{ primary: { sx: { fontWeight: active ? 600 : 400 } } }}
          />
          {hasChildren && expanded ? (
            open ? (
              <ExpandLess className="sd-sidebar-expanded-only" />
            ) : (
              <ExpandMore className="sd-sidebar-expanded-only" />
            )
          ) : null}
        </ListItemButton>
      </LazyTooltip>
      {hasChildren ? (
        <Collapse in={open} timeout="auto" unmountOnExit>
          <MenuList items={item.items ?? []} expanded={expanded} pathname={pathname} depth={depth + 1} />
        </Collapse>
      ) : null}
    </Box>
  );
}

interface SetupGuideEntryProps {
  expanded: boolean;
  steps: Record<string, boolean>;
  open: boolean;
  onToggle: () => void;
  ref: React.Ref<HTMLDivElement>;
}

/** The menu entry with id 'setupGuide' that anchors the popover: a progress ring and n/total. */
function SetupGuideEntry({ expanded, steps, open, onToggle, ref }: SetupGuideEntryProps) {
  const { completed, total, percent } = setupGuideSummary(steps);
  // No steps known yet (the page's HTML, which is the same for every user): no progress shown rather than 0.
  const known = Object.keys(steps).length > 0;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <LazyTooltip title={`Setup Guide: ${completed}/${total}`} placement="right" disabled={expanded}>
        <ListItemButton
          ref={ref}
          id={SETUP_GUIDE_MENU_ID}
          onClick={onToggle}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? SETUP_GUIDE_DIALOG_ID : undefined}
          sx={{ minHeight: 44, mx: 1, my: 0.25, px: 1.5, borderRadius: 1 }}
        >
          <ListItemIcon sx={{ minWidth: 0, mr: expanded ? 2 : 0, justifyContent: 'center' }}>
            {/* The entry's name says the progress: the rings are a picture of it. */}
            <ProgressRing percent={known ? percent : 0} />
          </ListItemIcon>
          <ListItemText primary="Setup Guide" sx={{ opacity: expanded ? 1 : 0, whiteSpace: 'nowrap', m: 0 }} />
          {expanded && known ? (
            <Typography variant="caption" className="sd-sidebar-expanded-only" sx={{ color: 'text.secondary', ml: 1 }}>
              {completed}/{total}
            </Typography>
          ) : null}
          {/* Named by its words; this says what they mean (the rings are hidden from assistive technology). */}
          <Box component="span" sx={visuallyHidden}>
            {known ? ` ${percent}% completed` : null}
          </Box>
        </ListItemButton>
      </LazyTooltip>
    </Box>
  );
}
