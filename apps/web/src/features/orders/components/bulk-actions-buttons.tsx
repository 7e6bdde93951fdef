import { useState, type ReactNode } from 'react';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { OrderSummary } from '@shipdesk/contract';
import { AddressCheckBulkButton } from '../address-check/address-check-bulk-button';
import { ReturnLabelsBulkButton } from '../returns/return-labels-bulk';
import { PACKING_SLIP_FORMATS, type PackingSlipFormat } from '../api/packing-slip';
import { BULK_EVENT_UI, type BulkEvent } from '../hooks/use-bulk-order-event';
import { BulkEventConfirm, type ConfirmedBulkEvent } from './bulk-event-confirm';

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

export interface BulkActionsButtonsProps {
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
 * The bulk actions bar's buttons (BulkActionsBar draws them in its frame; their code, with the printing, address check
 * and return label helpers, comes when the browser is idle after the list's first paint, or with the first selection).
 */
export function BulkActionsButtons({
  bulk,
  printing,
  onPackingSlips,
  onClear,
  children,
  runningRules,
  onRunRules,
}: BulkActionsButtonsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState<ConfirmedBulkEvent | null>(null);
  return (
    <>
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
    </>
  );
}
