import { useMemo } from 'react';
import { tenantUnitsFrom, type TenantUnits } from '@shipdesk/contract';
import { useGetConfigsQuery } from '@/lib/api/tenant-configs';

/**
 * The units the tenant's weights and sizes are shown and typed in (config `units`, else the warehouse country's;
 * docs/units.md), from the configs every screen shares. Until the configs have arrived, or when they cannot be read,
 * `system` is what a tenant without a saved choice or a warehouse has (imperial) and `ready` is false: a form waits
 * for `ready` before it shows a value, so a value is never shown in one unit and then another.
 */
export function useUnits(): TenantUnits & { system: TenantUnits['units']; ready: boolean } {
  const { data, isLoading, isError } = useGetConfigsQuery();
  return useMemo(() => {
    const units = tenantUnitsFrom(data ?? []);
    return { ...units, system: units.units, ready: !isLoading && (data !== undefined || isError) };
  }, [data, isLoading, isError]);
}
