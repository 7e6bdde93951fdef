import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** The order list's keys, as the dialog lists them (docs/orders.md, "Shortcuts"). */
const ORDER_LIST_SHORTCUTS: ReadonlyArray<{ keys: readonly string[]; does: string }> = [
  { keys: ['/'], does: 'Search the orders' },
  { keys: ['j', '↓'], does: 'Next order' },
  { keys: ['k', '↑'], does: 'Previous order' },
  { keys: ['Home', 'End'], does: 'First or last order of the page' },
  { keys: ['x', 'Space'], does: 'Select or unselect the order' },
  { keys: ['Enter'], does: 'Open the order' },
  { keys: ['?'], does: 'Show these shortcuts' },
];

function Key({ children }: { children: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        display: 'inline-block',
        minWidth: 24,
        px: 0.75,
        py: 0.25,
        mr: 0.75,
        border: 1,
        borderColor: 'divider',
        borderBottomWidth: 2,
        borderRadius: 1,
        fontFamily: 'monospace',
        fontSize: '0.85rem',
        textAlign: 'center',
        bgcolor: 'action.hover',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * The list of the order list's keyboard shortcuts (OrdersShortcuts opens it with `?` or its keyboard button); its code
 * is loaded when it is first opened.
 */
export function OrdersShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Key
              </TableCell>
              <TableCell component="th" scope="col">
                Does
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ORDER_LIST_SHORTCUTS.map((shortcut) => (
              <TableRow key={shortcut.does}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {shortcut.keys.map((key) => (
                    <Key key={key}>{key}</Key>
                  ))}
                </TableCell>
                <TableCell>{shortcut.does}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Box component="p" sx={{ mt: 2, mb: 0, color: 'text.secondary', typography: 'body2' }}>
          The keys do nothing while you type in a field or while a dialog is open.
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
