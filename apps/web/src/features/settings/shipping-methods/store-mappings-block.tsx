import { useState } from 'react';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ShipMethod, StoreMapping } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { useListStoreMappingsQuery } from '../api/ship-method-mappings-api';
import { BlockHeading } from './block-heading';
import { StoreMappingDialog } from './store-mapping-dialog';
import { RemoveRowButton } from '../setup-deletion/remove-row-button';

interface StoreMappingsBlockProps {
  method: ShipMethod;
  readOnly: boolean;
  /** Requested services no method covers yet, offered when adding. */
  suggestions: readonly string[];
}

/** Which requested services, of which store, mean a shipping method; its own name always does. */
export function StoreMappingsBlock({ method, readOnly, suggestions }: StoreMappingsBlockProps) {
  const mappings = useListStoreMappingsQuery(method.id);
  const [editing, setEditing] = useState<{ mapping?: StoreMapping } | null>(null);
  const rows = mappings.data ?? [];

  return (
    <Box component="section" aria-label={`Requested services of ${method.name}`}>
      <BlockHeading
        title="Requested services"
        action={
          readOnly ? null : (
            <Button size="small" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
              Add requested services
            </Button>
          )
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Orders asking for “{method.name}” use this method in every store
        {rows.length > 0 ? ', and so do these:' : '.'}
      </Typography>
      {mappings.isLoading ? (
        <Skeleton variant="rounded" height={40} />
      ) : mappings.isError ? (
        <QueryError
          error={mappings.error}
          fallback="Could not load the requested services."
          refetch={mappings.refetch}
          isFetching={mappings.isFetching}
        />
      ) : rows.length > 0 ? (
        <List disablePadding dense>
          {rows.map((row) => (
            <ListItem
              key={row.id}
              disableGutters
              divider
              sx={{ gap: 2, alignItems: 'flex-start', '&:last-of-type': { borderBottom: 0 } }}
              secondaryAction={
                readOnly ? undefined : (
                  <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    <Button
                      size="small"
                      onClick={() => setEditing({ mapping: row })}
                      aria-label={`Edit the requested services of ${row.storeName ?? 'every store'}`}
                    >
                      Edit
                    </Button>
                    <RemoveRowButton
                      path={`api/v1/shipMethodStoreMappings/${row.id}`}
                      name={`the requested services of ${row.storeName ?? 'every store'}`}
                      consequence={`${row.data.services.join(', ') || 'These services'} will no longer mean ${method.name}${row.storeName ? ` on ${row.storeName}` : ''}. Open orders are resolved again.`}
                    />
                  </Box>
                )
              }
            >
              <Typography variant="body2" sx={{ width: 180, flexShrink: 0, fontWeight: 500, pt: 0.25 }}>
                {row.data.storeId === null ? 'Every store' : (row.storeName ?? `Store ${row.data.storeId}`)}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, pr: readOnly ? 0 : 13, minWidth: 0 }}>
                {row.data.services.map((service) => (
                  <Chip key={service} label={service} size="small" variant="outlined" />
                ))}
                {row.data.services.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    No services: this mapping means nothing until you add one.
                  </Typography>
                ) : null}
              </Box>
            </ListItem>
          ))}
        </List>
      ) : null}
      {editing ? (
        <StoreMappingDialog
          shipMethod={method}
          mapping={editing.mapping}
          suggestions={suggestions}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Box>
  );
}
