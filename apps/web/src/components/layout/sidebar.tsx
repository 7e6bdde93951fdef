import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { Theme } from '@mui/material/styles';
import { Role } from '@shipdesk/contract';
import { BrandLogo } from '@/components/brand-logo';
import { setupGuideSummary } from '@/lib/state/setup-guide-slice';
import {
  FOOTER_MENU,
  filterMenuByRole,
  isMenuItemActive,
  MAIN_MENU,
  SETUP_GUIDE_MENU_ID,
  type MenuItem,
} from './menu-items.ts';
import { SETUP_GUIDE_DIALOG_ID, SetupGuidePopover } from './setup-guide-popover.tsx';
import { useSetupGuideOpen } from './use-setup-guide-open.ts';

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
}

/** The id of the temporary drawer's paper, which the header's menu button controls. */
export const SIDEBAR_ID = 'main-navigation';

/** The navigation drawer of spec 2.3: expanded (icons and titles) or collapsed (icons with tooltips). */
/** The selected entry's words and icon in the dark scheme (5.7:1 on the selected tint). */
const SELECTED_DARK = '#9dbde6';

export function Sidebar({
  expanded: expandedSetting,
  roleId,
  setupGuideSteps,
  setupGuideProblems,
  setupGuideFresh,
  temporary = false,
  open = false,
  onClose,
}: SidebarProps) {
  const { pathname } = useLocation();
  const main = filterMenuByRole(MAIN_MENU, roleId);
  const footer = filterMenuByRole(FOOTER_MENU, roleId);
  const expanded = temporary || expandedSetting;
  const width = expanded ? DRAWER_WIDTH : DRAWER_COLLAPSED_WIDTH;

  const [guideAnchor, setGuideAnchor] = useState<HTMLDivElement | null>(null);
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

  return (
    <Drawer
      variant={temporary ? 'temporary' : 'permanent'}
      component="aside"
      aria-label="Main navigation"
      {...(temporary
        ? {
            open,
            onClose: closeDrawer,
            ModalProps: { keepMounted: everOpened },
            slotProps: { paper: { id: SIDEBAR_ID, onClick: onDrawerClick } },
            sx: { '& .MuiDrawer-paper': paperSx },
          }
        : {
            sx: { width, flexShrink: 0, transition: widthTransition, '& .MuiDrawer-paper': paperSx },
          })}
    >
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
              ref={setGuideAnchor}
              expanded={expanded}
              steps={setupGuideSteps}
              onToggle={guide.toggle}
              open={guide.open}
            />
          ) : null}
        </List>
        {/* Right after its entry, so Tab goes from the entry into the open guide. */}
        <SetupGuidePopover
          anchorEl={guideAnchor}
          open={guide.open}
          autoFocus={guide.openedByUser}
          onClose={guide.close}
          steps={setupGuideSteps}
          problems={setupGuideProblems}
        />
        <MenuList items={footer} expanded={expanded} pathname={pathname} />
      </Box>
    </Drawer>
  );
}

function MenuList({
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
}

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
      <Tooltip
        title={item.title}
        placement="right"
        disableHoverListener={expanded}
        disableFocusListener={expanded}
        disableTouchListener={expanded}
      >
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
          {hasChildren && expanded ? open ? <ExpandLess /> : <ExpandMore /> : null}
        </ListItemButton>
      </Tooltip>
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
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Tooltip
        title={`Setup Guide: ${completed}/${total}`}
        // A description, not a name: the entry is named by its own words.
        describeChild
        placement="right"
        disableHoverListener={expanded}
        disableFocusListener={expanded}
      >
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
            <Box aria-hidden sx={{ position: 'relative', width: 24, height: 24 }}>
              <CircularProgress
                variant="determinate"
                value={100}
                size={24}
                thickness={5}
                sx={{ color: 'action.disabledBackground', position: 'absolute' }}
              />
              <CircularProgress
                variant="determinate"
                value={percent}
                size={24}
                thickness={5}
                color="secondary"
                sx={{ position: 'absolute' }}
              />
            </Box>
          </ListItemIcon>
          <ListItemText primary="Setup Guide" sx={{ opacity: expanded ? 1 : 0, whiteSpace: 'nowrap', m: 0 }} />
          {expanded ? (
            <Typography variant="caption" sx={{ color: 'text.secondary', ml: 1 }}>
              {completed}/{total}
            </Typography>
          ) : null}
          {/* Named by its words; this says what they mean (the rings are hidden from assistive technology). */}
          <Box component="span" sx={visuallyHidden}>
            {` ${percent}% completed`}
          </Box>
        </ListItemButton>
      </Tooltip>
    </Box>
  );
}
