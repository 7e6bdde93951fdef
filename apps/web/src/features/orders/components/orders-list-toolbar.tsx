import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import type { Store } from '@shipdesk/contract';
import type { OrderSelection } from '../hooks/use-order-selection';
import type { OrderListParams } from '../list-params';
import type { SelectionActionsProps } from '../orders-page-slots';
import { BulkActionsBar } from './bulk-actions-bar';
import { OrdersFilters } from './orders-filters';

export interface OrdersListToolbarProps {
  selection: OrderSelection;
  params: OrderListParams;
  stores: readonly Pick<Store, 'id' | 'name'>[];
  onChange(change: Partial<OrderListParams>): void;
  /** Actions of other features on the selection (buying labels). */
  SelectionActions: ComponentType<SelectionActionsProps> | undefined;
}

/** Above the rows: what can be done with the selected orders while there are some, else the filters. */
export function OrdersListToolbar({ selection, params, stores, onChange, SelectionActions }: OrdersListToolbarProps) {
  if (selection.selected.size === 0) {
    return (
      <Box sx={{ minHeight: 68 }}>
        <OrdersFilters params={params} stores={stores} onChange={onChange} />
      </Box>
    );
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
