import { useEffect, useId, useState } from 'react';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { isShortcutKey } from '../hooks/use-orders-table-keys';

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
 * The order list's keyboard shortcuts: `/` focuses the search and `?` opens the list of shortcuts (also behind the
 * keyboard button this renders); the rows' keys (j, k, x, Enter) are the table's (useOrdersTableKeys). None acts
 * while typing in a field or while a dialog is open.
 */
export function OrdersShortcuts() {
  const [open, setOpen] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (!isShortcutKey(event)) return;
      if (event.key === '?') setOpen(true);
      else if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[role="search"] input[type="search"]');
        if (!search) return;
        search.focus();
        search.select();
      } else return;
      // The key is the shortcut's, not typed into the field it focused.
      event.preventDefault();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (
    <>
      <Tooltip title="Keyboard shortcuts (?)">
        <IconButton aria-label="Keyboard shortcuts" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <KeyboardOutlined />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
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
          <Button onClick={() => setOpen(false)} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
