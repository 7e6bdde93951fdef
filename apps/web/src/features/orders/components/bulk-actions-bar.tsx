import { useState, type ReactNode } from 'react';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { OrderSummary } from '@shipdesk/contract';
import { AddressCheckBulkButton } from '../address-check/address-check-bulk-button';
import { ReturnLabelsBulkButton } from '../returns/return-labels-bulk';
import { PACKING_SLIP_FORMATS, type PackingSlipFormat } from '../api/packing-slip';
import { BULK_EVENT_UI, type BulkEvent } from '../hooks/use-bulk-order-event';
import { BULK_ACTIONS_BAR_ID } from '../hooks/use-order-selection';
import { BulkEventConfirm, type ConfirmedBulkEvent } from './bulk-event-confirm';

/** Where the bar sticks while the list scrolls: under the app's fixed header (MUI's toolbar height). */
const BULK_ACTIONS_BAR_TOP = { xs: 56, sm: 64 } as const;

/**
 * What the bar covers at most, header included, once it sticks: a row given the focus scrolls out from under it. One
 * line on a phone (where the bar scrolls sideways instead), two where the buttons wrap (a tablet beside the sidebar).
 */
export const BULK_ACTIONS_BAR_COVERS = { xs: BULK_ACTIONS_BAR_TOP.xs + 68, sm: BULK_ACTIONS_BAR_TOP.sm + 104 } as const;

/** The lifecycle events of the bar, with their icons; those that cannot be undone are confirmed first. */
const EVENTS: Array<{ event: BulkEvent; icon: typeof CheckCircleOutlined; confirm: boolean }> = [
  { event: 'approve', icon: CheckCircleOutlined, confirm: false },
  { event: 'shipComplete', icon: DoneAllOutlined, confirm: true },
  { event: 'cancel', icon: BlockOutlined, confirm: true },
];

/** The selection's lifecycle events (useOrderSelection's `bulk`). */
interface BulkEvents {
  rows: readonly OrderSummary[];
  /** The event being sent, if any. */
  running: BulkEvent | null;
  run(event: BulkEvent, reason?: string): Promise<void>;
}

interface BulkActionsBarProps {
  count: number;
  bulk: BulkEvents;
  /** Actions of other features on the selection (buying labels), after the lifecycle events. */
  children?: ReactNode;
  printing: boolean;
  onPackingSlips(format: PackingSlipFormat): void;
  /** The shipping rules are running on the selection. */
  runningRules: boolean;
  onRunRules(): void;
  onClear(): void;
}

/**
 * Shown in place of the filters while rows are selected, and kept in view (sticky under the header) while a long page
 * scrolls. Opaque in both schemes, so the rows that scroll under it do not show through. On a phone its buttons stay
 * on one line that scrolls sideways, rather than wrapping into a bar that would take a quarter of the screen.
 */
export function BulkActionsBar({
  count,
  bulk,
  printing,
  onPackingSlips,
  onClear,
  children,
  runningRules,
  onRunRules,
}: BulkActionsBarProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState<ConfirmedBulkEvent | null>(null);
  return (
    <Box
      id={BULK_ACTIONS_BAR_ID}
      role="toolbar"
      aria-label="Selected orders"
      sx={{
        position: 'sticky',
        top: BULK_ACTIONS_BAR_TOP,
        // Above the rows' checkboxes and chips (positioned), below the header and every popup.
        zIndex: 3,
        display: 'flex',
        flexWrap: { xs: 'nowrap', sm: 'wrap' },
        overflowX: { xs: 'auto', sm: 'visible' },
        '& > *': { flexShrink: 0 },
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1.5,
        // The selected tint over the paper, not a see-through tint alone: rows scroll under the bar.
        bgcolor: 'background.paper',
        backgroundImage: (theme) => {
          const selected = (theme.vars ?? theme).palette.action.selected;
          return `linear-gradient(${selected}, ${selected})`;
        },
        borderBottom: 1,
        borderColor: 'divider',
        minHeight: 68,
      }}
    >
      <Typography variant="subtitle2" component="p" sx={{ mr: 1 }} aria-live="polite">
        {count} selected
      </Typography>
      {EVENTS.map(({ event, icon: Icon, confirm }) => (
        <Button
          key={event}
          variant={event === 'approve' ? 'contained' : 'outlined'}
          color={event === 'cancel' ? 'error' : 'primary'}
          size="small"
          onClick={() => (confirm ? setConfirming(event as ConfirmedBulkEvent) : void bulk.run(event))}
          disabled={bulk.running !== null}
          startIcon={
            bulk.running === event ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Icon aria-hidden />
          }
        >
          {BULK_EVENT_UI[event].label}
        </Button>
      ))}
      <BulkEventConfirm
        event={confirming}
        rows={bulk.rows}
        onClose={() => setConfirming(null)}
        onConfirm={(event, reason) => {
          setConfirming(null);
          void bulk.run(event, reason || undefined);
        }}
      />
      {children}
      <AddressCheckBulkButton orderIds={bulk.rows.map((row) => row.id)} />
      <ReturnLabelsBulkButton orderIds={bulk.rows.map((row) => row.id)} />
      <Button
        variant="outlined"
        size="small"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={printing}
        aria-haspopup="menu"
        startIcon={printing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <ReceiptOutlined />}
      >
        Packing slips
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {PACKING_SLIP_FORMATS.map((format) => (
          <MenuItem
            key={format.value}
            onClick={() => {
              setAnchor(null);
              onPackingSlips(format.value);
            }}
          >
            {format.label}
          </MenuItem>
        ))}
      </Menu>
      <Button
        variant="outlined"
        size="small"
        onClick={onRunRules}
        disabled={runningRules}
        startIcon={runningRules ? <CircularProgress size={16} color="inherit" aria-hidden /> : <RuleOutlined />}
      >
        Run shipping rules
      </Button>
      <Button size="small" onClick={onClear} sx={{ ml: 'auto' }}>
        Clear selection
      </Button>
    </Box>
  );
}
