import AddOutlined from '@mui/icons-material/AddOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import type { RuleSet } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { formatDateTime } from '@/lib/format';

interface RuleSetPickerProps {
  sets: readonly RuleSet[];
  scope: string;
  onSelect(scope: string): void;
  disabled?: boolean;
}

const rulesText = (count: number) => `${count} rule${count === 1 ? '' : 's'}`;

/** Which rule set is shown: All stores, then each store, each with its number of saved rules. */
export function RuleSetPicker({ sets, scope, onSelect, disabled = false }: RuleSetPickerProps) {
  return (
    <TextField
      select
      size="small"
      label="Rules for"
      value={sets.some((set) => set.scope === scope) ? scope : ''}
      onChange={(event) => onSelect(event.target.value)}
      disabled={disabled}
      sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 280 } }}
      slotProps={{
        select: {
          renderValue: (value) => {
            const set = sets.find((s) => s.scope === value);
            return set ? `${set.storeName} · ${rulesText(set.rules.length)}` : '';
          },
        },
      }}
    >
      {sets.map((set) => (
        <MenuItem key={set.scope} value={set.scope} sx={{ gap: 2, justifyContent: 'space-between' }}>
          <span>{set.storeName}</span>
          <Box component="span" sx={{ color: 'text.secondary', typography: 'body2' }}>
            {rulesText(set.rules.length)}
          </Box>
        </MenuItem>
      ))}
    </TextField>
  );
}

/** "Version 4 · saved by Ana Ruiz on 2025-03-01 14:22:05", or that the set was never saved. */
export function versionText(set: Pick<RuleSet, 'version' | 'updatedAt' | 'updatedBy'>, timeZone: string): string {
  if (set.version === 0) return 'Not saved yet';
  const who = set.updatedBy ? ` by ${set.updatedBy}` : '';
  const when = set.updatedAt ? ` on ${formatDateTime(set.updatedAt, timeZone)}` : '';
  return `Version ${set.version} · saved${who}${when}`;
}

interface RuleSetToolbarProps {
  ruleCount: number;
  dirty: boolean;
  saving: boolean;
  onAdd(): void;
  onTest(): void;
  onHistory(): void;
  onDiscard(): void;
  onSave(): void;
  /** Someone who may not change the rules: History only, and why. */
  readOnly?: boolean;
}

/**
 * The commands of the set, kept in view while the list scrolls: add, test and history on the left; the unsaved
 * state, Discard and Save on the right. The unsaved marker keeps its room when hidden, so nothing shifts.
 */
export function RuleSetToolbar(props: RuleSetToolbarProps) {
  const { ruleCount, dirty, saving, onAdd, onTest, onHistory, onDiscard, onSave, readOnly = false } = props;
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label="Rule set"
      sx={{
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: 3,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        px: 1.5,
        py: 1,
        mb: 2,
      }}
    >
      {readOnly ? (
        <>
          <Typography variant="body2" color="text.secondary">
            You can read these rules and their history; an Admin adds, changes and tests them.
          </Typography>
          <Button startIcon={<HistoryOutlined />} onClick={onHistory}>
            History
          </Button>
        </>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="outlined" startIcon={<AddOutlined />} onClick={onAdd}>
              Add rule
            </Button>
            <Button startIcon={<PlayArrowOutlined />} onClick={onTest} disabled={ruleCount === 0}>
              Test on recent orders
            </Button>
            <Button startIcon={<HistoryOutlined />} onClick={onHistory}>
              History
            </Button>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Box sx={{ visibility: dirty ? 'visible' : 'hidden' }} aria-hidden={!dirty} role="status">
              <StatusChip small tone="warning" label="Unsaved changes" />
            </Box>
            <Button onClick={onDiscard} disabled={!dirty || saving}>
              Discard
            </Button>
            <Button
              variant="contained"
              onClick={onSave}
              disabled={!dirty || saving}
              startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              Save
            </Button>
          </Box>
        </>
      )}
    </Paper>
  );
}
