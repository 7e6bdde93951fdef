import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { setupGuideSummary } from '@/lib/state/setup-guide-slice';

export interface SetupGuidePopoverProps {
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  steps: Record<string, boolean>;
  /** What needs attention now (a store whose sync failed or stalled), from the setup-guide call. */
  problems?: ReadonlyArray<{ message: string; route: string }>;
}

/** The Setup-guide popover (spec 2.3): progress bar, percentage, 'Steps completed : n/total' and the steps. */
export function SetupGuidePopover({ anchorEl, open, onClose, steps, problems = [] }: SetupGuidePopoverProps) {
  const { items, completed, total, percent } = setupGuideSummary(steps);
  return (
    <Popover
      open={open && !!anchorEl}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'center', horizontal: 'right' }}
      transformOrigin={{ vertical: 'center', horizontal: 'left' }}
      slotProps={{ paper: { sx: { width: 340, p: 2, ml: 1 }, 'aria-labelledby': 'setup-guide-title' } }}
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
      {problems.length > 0 && (
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
      )}
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
                primary: { sx: item.done ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined },
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
    </Popover>
  );
}
