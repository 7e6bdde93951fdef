import { useState } from 'react';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  CARRIER_NAMES,
  MAPPING_DESTINATIONS,
  findCarrierService,
  findPackageType,
  type CarrierMapping,
  type ShipMethod,
} from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { useListCarrierAccountsQuery } from '@/entities/carrier-accounts/carrier-accounts-api';
import { serviceReachText } from '@/entities/carrier-catalogue/carrier-services';
import { useListCarrierMappingsQuery } from '../api/ship-method-mappings-api';
import { CarrierMappingDialog } from './carrier-mapping-dialog';
import { BlockHeading } from './block-heading';
import { DESTINATION_LABELS } from './shipping-text';
import { RemoveRowButton } from '../setup-deletion/remove-row-button';

const SECONDARY = { color: 'text.secondary', fontSize: '0.75rem', lineHeight: 1.4 } as const;

/** A shipping method's carrier services, by destination, with the package type and account labels are bought with. */
export function CarrierMappingsBlock({ method, readOnly }: { method: ShipMethod; readOnly: boolean }) {
  const mappings = useListCarrierMappingsQuery(method.id);
  const accounts = useListCarrierAccountsQuery();
  const [editing, setEditing] = useState<{ mapping?: CarrierMapping } | null>(null);
  const rows = mappings.data ?? [];
  const taken = rows.filter((row) => row.id !== editing?.mapping?.id).map((row) => row.destination);
  const full = MAPPING_DESTINATIONS.every((destination) => rows.some((row) => row.destination === destination));
  const accountName = (id: string | null, carrier: CarrierMapping['carrier']) =>
    (id && accounts.data?.find((account) => account.id === id)?.name) || `Default ${CARRIER_NAMES[carrier]} account`;

  return (
    <Box component="section" aria-label={`Carrier services of ${method.name}`}>
      <BlockHeading
        title="Carrier services"
        action={
          readOnly || full ? null : (
            <Button size="small" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
              Add carrier service
            </Button>
          )
        }
      />
      {mappings.isLoading ? (
        <Skeleton variant="rounded" height={40} />
      ) : mappings.isError ? (
        <QueryError
          error={mappings.error}
          fallback="Could not load the carrier services."
          refetch={mappings.refetch}
          isFetching={mappings.isFetching}
        />
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Not mapped to a carrier service yet: its orders cannot get a label.
        </Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={`Carrier services of ${method.name}`} sx={{ '& th': { fontWeight: 600 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Destination</TableCell>
                <TableCell>Carrier service</TableCell>
                <TableCell>Package type</TableCell>
                <TableCell>Account</TableCell>
                {readOnly ? null : (
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const service = findCarrierService(row.carrier, row.carrierMethod);
                return (
                  <TableRow key={row.id} sx={{ verticalAlign: 'top' }}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{DESTINATION_LABELS[row.destination]}</TableCell>
                    <TableCell>
                      {row.carrierMethodName}
                      <Box sx={SECONDARY}>
                        {CARRIER_NAMES[row.carrier]}
                        {service ? ` · ${serviceReachText(service)}` : ''}
                      </Box>
                    </TableCell>
                    <TableCell>
                      {row.packageType
                        ? (findPackageType(row.carrier, row.packageType)?.name ?? row.packageType)
                        : 'Carrier default'}
                    </TableCell>
                    <TableCell>
                      {row.carrier === 'local' ? '—' : accountName(row.carrierAccountId, row.carrier)}
                    </TableCell>
                    {readOnly ? null : (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          onClick={() => setEditing({ mapping: row })}
                          aria-label={`Edit the ${DESTINATION_LABELS[row.destination].toLowerCase()} carrier service of ${method.name}`}
                        >
                          Edit
                        </Button>
                        <RemoveRowButton
                          path={`api/v1/shipMethodCarrierMethodMappings/${row.id}`}
                          name={`the ${DESTINATION_LABELS[row.destination].toLowerCase()} carrier service of ${method.name}`}
                          consequence={`${method.name} will no longer ship with ${row.carrierMethodName} for ${DESTINATION_LABELS[row.destination].toLowerCase()} destinations. Open orders are resolved again; orders that have labels keep theirs.`}
                        />
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing ? (
        <CarrierMappingDialog
          shipMethod={method}
          mapping={editing.mapping}
          taken={taken}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Box>
  );
}
