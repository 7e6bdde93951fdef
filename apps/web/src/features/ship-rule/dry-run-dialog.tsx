import { useId, useState } from 'react';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ALL_STORES_SCOPE, RULE_LIMITS, type ShippingRule } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { DryRunPanel } from './dry-run-panel';
import { useDryRunRuleSetMutation } from './ship-rule-api';

interface DryRunDialogProps {
  scope: string;
  storeName: string;
  /** The draft: what is tested, saved or not. */
  rules: ShippingRule[];
  onClose(): void;
}

const DRY_RUN_LIMITS = [RULE_LIMITS.dryRunDefault, 2_500, 5_000, RULE_LIMITS.dryRunMax] as const;

/**
 * "Test on recent orders": the draft runs on the newest orders and the server says what would change. Nothing is
 * saved or changed on any order; Save is a separate step on the page.
 */
export function DryRunDialog({ scope, storeName, rules, onClose }: DryRunDialogProps) {
  const titleId = useId();
  const [limit, setLimit] = useState<number>(RULE_LIMITS.dryRunDefault);
  const [run, state] = useDryRunRuleSetMutation();
  // The rules as they were when the test ran: the result names them even if the draft changes afterwards.
  const [tested, setTested] = useState<ShippingRule[]>(rules);
  const start = () => {
    setTested(rules);
    void run({ scope, body: { rules, limit } });
  };
  const whose = scope === ALL_STORES_SCOPE ? 'your most recent orders' : `the most recent orders of ${storeName}`;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Test on recent orders</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Runs your draft ({rules.length} rule{rules.length === 1 ? '' : 's'}, saved or not) on {whose} and shows what
          it would change. No order is changed and nothing is saved.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
          <TextField
            select
            size="small"
            label="Orders to test"
            value={limit}
            onChange={(event) => setLimit(Number(event.target.value))}
            sx={{ minWidth: 180 }}
          >
            {DRY_RUN_LIMITS.map((value) => (
              <MenuItem key={value} value={value}>
                Last {value.toLocaleString('en-US')}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            onClick={start}
            disabled={state.isLoading}
            startIcon={
              state.isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PlayArrowOutlined />
            }
          >
            {state.isLoading ? 'Testing…' : state.data ? 'Run again' : 'Run test'}
          </Button>
        </Box>
        {state.isLoading ? (
          <Box aria-busy="true" aria-label="Testing the rules">
            <Skeleton variant="rounded" height={48} sx={{ mb: 2 }} />
            <Skeleton variant="rounded" height={160} />
          </Box>
        ) : state.isError ? (
          <QueryError error={state.error} fallback="Could not test the rules." refetch={start} />
        ) : state.data ? (
          <DryRunPanel result={state.data} rules={tested} />
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
