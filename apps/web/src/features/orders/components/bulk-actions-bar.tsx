import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BULK_ACTIONS_BAR_ID } from '../hooks/use-order-selection';
import type { BulkActionsButtonsProps } from './bulk-actions-buttons';
import { loadOnce } from '@/lib/lazy/lazy-load';

/** The bar's buttons, with the printing, address check and return label helpers (OrdersListToolbar preloads them). */
export const loadBulkActionsButtons = loadOnce(() => import('./bulk-actions-buttons'));
const BulkActionsButtons = lazy(() => loadBulkActionsButtons().then((m) => ({ default: m.BulkActionsButtons })));

/** Where the bar sticks while the list scrolls: under the app's fixed header (MUI's toolbar height). */
const BULK_ACTIONS_BAR_TOP = { xs: 56, sm: 64 } as const;

/**
 * What the bar covers at most, header included, once it sticks: a row given the focus scrolls out from under it. One
 * line on a phone (where the bar scrolls sideways instead), two where the buttons wrap (a tablet beside the sidebar).
 */
export const BULK_ACTIONS_BAR_COVERS = { xs: BULK_ACTIONS_BAR_TOP.xs + 68, sm: BULK_ACTIONS_BAR_TOP.sm + 104 } as const;

interface BulkActionsBarProps extends BulkActionsButtonsProps {
  count: number;
}

/**
 * Shown in place of the filters while rows are selected, and kept in view (sticky under the header) while a long page
 * scrolls. Opaque in both schemes, so the rows that scroll under it do not show through. On a phone its buttons stay
 * on one line that scrolls sideways, rather than wrapping into a bar that would take a quarter of the screen. The
 * frame and the count are drawn at once; the buttons' code is usually there before the first selection.
 */
export function BulkActionsBar({ count, ...buttons }: BulkActionsBarProps) {
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
      <Suspense fallback={null}>
        <BulkActionsButtons {...buttons} />
      </Suspense>
    </Box>
  );
}
