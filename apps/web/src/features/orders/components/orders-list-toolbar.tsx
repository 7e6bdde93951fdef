import type { ComponentType, ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { OrderSelection } from '../hooks/use-order-selection';
import type { SelectionActionsProps } from '../orders-page-slots';
import { BulkActionsBar, loadBulkActionsButtons } from './bulk-actions-bar';
import { useWhenIdle } from '@/lib/lazy/lazy-load';

interface OrdersListToolbarProps {
  selection: OrderSelection;
  /** Actions of other features on the selection (buying labels). */
  SelectionActions: ComponentType<SelectionActionsProps> | undefined;
  /** Shown while nothing is selected. */
  filters: ReactNode;
}

/**
 * Above the rows: what can be done with the selected orders while there are some, else the filters. The bulk actions'
 * code is loaded when the browser is idle after the first paint, so that a first selection rarely waits for it.
 */
export function OrdersListToolbar({ selection, SelectionActions, filters }: OrdersListToolbarProps) {
  useWhenIdle(() => void loadBulkActionsButtons().catch(() => undefined));
  if (selection.selected.size === 0) {
    return <Box sx={{ minHeight: 68 }}>{filters}</Box>;
  }
  return (
    <BulkActionsBar
      count={selection.selected.size}
      bulk={selection.bulk}
      printing={selection.printing}
      onPackingSlips={(format) => void selection.print(format)}
      runningRules={selection.runningRules}
      onRunRules={() => void selection.runRules()}
      onClear={selection.clear}
    >
      {SelectionActions ? <SelectionActions count={selection.selected.size} run={selection.runAction} /> : null}
    </BulkActionsBar>
  );
}
