import type { ShipMethod } from '@shipdesk/contract';
import { ArchivedList } from '@/components/archived-list';
import { useListArchivedShipMethodsQuery } from '../api/setup-deletion-api';
import { RestoreRowButton } from '../setup-deletion/restore-row-button';

const useArchivedShipMethods = (skip: boolean) => useListArchivedShipMethodsQuery(undefined, { skip });

/** Shipping methods archived because orders or rules still name them: listed on request, each with Restore. */
export function ArchivedShipMethods() {
  return (
    <ArchivedList<ShipMethod>
      what="shipping methods"
      useRows={useArchivedShipMethods}
      rowKey={(method) => method.id}
      rowText={(method) => method.name}
      rowAction={(method) => <RestoreRowButton path={`api/v1/shipMethods/${method.id}`} name={method.name} />}
    />
  );
}
