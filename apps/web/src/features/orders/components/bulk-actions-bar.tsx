import { useState } from 'react';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { PACKING_SLIP_FORMATS, type PackingSlipFormat } from '../api/packing-slip';

export interface BulkActionsBarProps {
  count: number;
  approving: boolean;
  printing: boolean;
  onApprove(): void;
  onPackingSlips(format: PackingSlipFormat): void;
  onClear(): void;
}

/** Shown in place of the filters while rows are selected. */
export function BulkActionsBar({
  count,
  approving,
  printing,
  onApprove,
  onPackingSlips,
  onClear,
}: BulkActionsBarProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box
      role="toolbar"
      aria-label="Selected orders"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1.5,
        bgcolor: 'action.selected',
        minHeight: 68,
      }}
    >
      <Typography variant="subtitle2" component="p" sx={{ mr: 1 }} aria-live="polite">
        {count} selected
      </Typography>
      <Button
        variant="contained"
        size="small"
        onClick={onApprove}
        disabled={approving}
        startIcon={approving ? <CircularProgress size={16} color="inherit" aria-hidden /> : <CheckCircleOutlined />}
      >
        Approve
      </Button>
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
      <Button size="small" onClick={onClear} sx={{ ml: 'auto' }}>
        Clear selection
      </Button>
    </Box>
  );
}
