import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { setupGuideSummary } from '@/lib/state/setup-guide-slice';
import { SETUP_GUIDE_DIALOG_ID } from './menu-items.ts';

type Problems = NonNullable<SetupGuidePopoverProps['problems']>;

/** What needs attention now, each with the way to it (opening it closes the guide). */
function SetupGuideProblems({ problems, onClose }: { problems: Problems; onClose(): void }) {
  if (problems.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }}>
      {problems.map((problem) => (
        <Alert
          key={problem.message}
          severity="warning"
          variant="outlined"
          action={
            <Chip component={RouterLink} to={problem.route} onClick={onClose} clickable size="small" label="Open" />
          }
        >
          {problem.message}
        </Alert>
      ))}
    </Stack>
  );
}

/** The steps, done ones struck through; a step with a page is a link to it (following it closes the guide). */
function SetupGuideSteps({
  items,
  onClose,
}: {
  items: ReturnType<typeof setupGuideSummary>['items'];
  onClose(): void;
}) {
  return (
    <List dense sx={{ mt: 1 }}>
      {items.map((item) => {
        const icon = item.done ? (
          <CheckCircleIcon color="success" fontSize="small" titleAccess="Done" />
        ) : (
          <RadioButtonUncheckedIcon color="disabled" fontSize="small" titleAccess="To do" />
        );
        const text = (
          <ListItemText
            primary={item.title}
            slotProps={{
              primary: {
                sx: item.done ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined,
              },
            }}
          />
        );
        return item.route ? (
          <ListItemButton
            key={item.id}
            component={RouterLink}
            to={item.route}
            onClick={onClose}
            sx={{ borderRadius: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 34 }}>{icon}</ListItemIcon>
            {text}
          </ListItemButton>
        ) : (
          <ListItem key={item.id}>
            <ListItemIcon sx={{ minWidth: 34 }}>{icon}</ListItemIcon>
            {text}
          </ListItem>
        );
      })}
    </List>
  );
}

interface SetupGuidePopoverProps {
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  /** Move focus into the guide as it opens (the seller opened it); an opening on load leaves focus on the page. */
  autoFocus?: boolean;
  steps: Record<string, boolean>;
  /** What needs attention now (a store whose sync failed or stalled), from the setup-guide call. */
  problems?: ReadonlyArray<{ message: string; route: string }>;
}

/**
 * The Setup-guide popover (spec 2.3): progress bar, percentage, 'Steps completed : n/total' and the steps.
 * Non-modal: no backdrop, so a click outside closes it and still reaches what was clicked (which keeps the focus);
 * Escape closes it too. It is drawn in the drawer's layer, under any modal that opens over the page (a dialog, a menu).
 * It stays in the sidebar's DOM (Tab goes from its entry into it) and is placed 'fixed' so the drawer cannot clip it.
 */
export function SetupGuidePopover({
  anchorEl,
  open,
  onClose,
  autoFocus = false,
  steps,
  problems = [],
}: SetupGuidePopoverProps) {
  const { items, completed, total, percent } = setupGuideSummary(steps);
  const shown = open && !!anchorEl;
  const paperRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown && autoFocus) paperRef.current?.focus({ preventScroll: true });
  }, [shown, autoFocus]);

  useEffect(() => {
    if (!shown) return;
    // On the document: opened on load, the guide does not hold the focus, yet Escape still closes it.
    // Dialogs and menus above it stop their own Escape before it gets here.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const active = document.activeElement;
      // The focus was in the guide, or nowhere yet (a new tab: the guide opened by itself before anything had it):
      // it goes to the guide's entry, where the guide was and where it opens again. A focus the user put somewhere
      // else on the page (the search field, a button) stays there.
      const lost = !active || active === document.body || active === document.documentElement;
      const inside = paperRef.current?.contains(active) ?? false;
      onClose();
      if (lost || inside) anchorEl?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shown, anchorEl, onClose]);

  const onClickAway = (event: MouseEvent | TouchEvent) => {
    // A click on the entry itself is the entry's to handle (it toggles the guide).
    if (anchorEl && event.target instanceof Node && anchorEl.contains(event.target)) return;
    onClose();
  };

  return (
    <Popper
      open={shown}
      anchorEl={anchorEl}
      placement="right-end"
      disablePortal
      popperOptions={{ strategy: 'fixed' }}
      modifiers={[{ name: 'offset', options: { offset: [0, 8] } }]}
      sx={{ zIndex: 1 }}
    >
      <ClickAwayListener onClickAway={onClickAway}>
        <Paper
          ref={paperRef}
          id={SETUP_GUIDE_DIALOG_ID}
          role="dialog"
          aria-labelledby="setup-guide-title"
          tabIndex={-1}
          elevation={8}
          sx={{
            width: 340,
            maxWidth: 'calc(100vw - 32px)',
            maxHeight: 'calc(100vh - 96px)',
            overflowY: 'auto',
            p: 2,
            outline: 'none',
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
            <Typography id="setup-guide-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              Setup Guide
            </Typography>
            <Chip
              size="small"
              color={completed === total && total > 0 ? 'success' : 'primary'}
              label={`Steps completed : ${completed}/${total}`}
            />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label="Setup progress"
              sx={{ flex: 1, height: 8, borderRadius: 4 }}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 92, textAlign: 'right' }}>
              {percent}% completed
            </Typography>
          </Box>
          <SetupGuideProblems problems={problems} onClose={onClose} />
          <SetupGuideSteps items={items} onClose={onClose} />
        </Paper>
      </ClickAwayListener>
    </Popper>
  );
}
