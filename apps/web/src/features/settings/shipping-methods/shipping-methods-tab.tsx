import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import AddOutlined from '@mui/icons-material/AddOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShipMethod, UnmappedService } from '@shipdesk/contract';
import { EmptyState } from '@/components/empty-state';
import { QueryError } from '@/components/query-error';
import { showApiError } from '@/lib/errors';
import { useCreateShipMethodMutation, useListShipMethodsQuery } from '@/entities/ship-methods/ship-methods-api';
import { useShippingResolution } from '../hooks/use-shipping-resolution';
import { MapServiceDialog } from './map-service-dialog';
import { ResolutionProgress } from './resolution-progress';
import { ShipMethodNameDialog } from './ship-method-name-dialog';
import { ShipMethodsList } from './ship-methods-list';
import { UnmappedServices } from './unmapped-services';
import { ArchivedShipMethods } from './archived-ship-methods';

type Naming = { method?: ShipMethod } | null;

/**
 * Settings > Shipping Methods: what open orders ask for that no method covers (first, with one-click fixes), then the
 * methods with their carrier services and requested services. A change re-resolves the open orders on the server;
 * its progress comes over realtime.
 */
export function ShippingMethodsTab({ readOnly = false }: { readOnly?: boolean }) {
  const list = useListShipMethodsQuery();
  const [createMethod] = useCreateShipMethodMutation();
  const resolution = useShippingResolution();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [reveal, setReveal] = useState<string | null>(null);
  const openMethod = (id: string) => {
    setExpanded(id);
    setReveal(id);
  };
  const [naming, setNaming] = useState<Naming>(null);
  const [mapping, setMapping] = useState<UnmappedService | null>(null);
  const [creating, setCreating] = useState<string | null>(null);

  if (list.isLoading) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label="Loading the shipping methods">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }
  if (!list.data) {
    return (
      <QueryError
        error={list.error}
        fallback="Could not load the shipping methods."
        refetch={list.refetch}
        isFetching={list.isFetching}
      />
    );
  }
  const { rows: methods, unmapped } = list.data;
  const suggestions = unmapped.map((service) => service.requestedService);

  // The method's name is a requested service it covers in every store: creating it maps the service at once.
  const create = async (service: UnmappedService) => {
    setCreating(service.requestedService);
    try {
      const created = await createMethod({ name: service.requestedService }).unwrap();
      toast.success(`${created.name} created. Map it to a carrier service so its orders can ship.`);
      openMethod(created.id);
    } catch (error) {
      showApiError(error, `Could not create ${service.requestedService}.`);
    } finally {
      setCreating(null);
    }
  };

  const addButton = readOnly ? null : (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setNaming({})}>
      Add method
    </Button>
  );

  return (
    <>
      {resolution.progress ? (
        <ResolutionProgress progress={resolution.progress} onDismiss={resolution.dismiss} />
      ) : null}
      {unmapped.length > 0 ? (
        <UnmappedServices
          services={unmapped}
          readOnly={readOnly}
          creating={creating}
          canMap={methods.length > 0}
          onCreate={(service) => void create(service)}
          onMap={setMapping}
        />
      ) : null}
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Box sx={{ maxWidth: 680 }}>
          <Typography variant="h6" component="h2">
            Shipping methods
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Your own ways to ship. Each is told which requested services of your stores mean it, and which carrier
            service fulfils it.
          </Typography>
        </Box>
        {methods.length > 0 ? addButton : null}
      </Box>
      {methods.length === 0 ? (
        <EmptyState
          icon={<LocalShippingOutlined />}
          title="No shipping methods yet"
          text="Add one for each way you ship (Standard, Express, Free Shipping…), then map it to a carrier service."
          action={addButton}
        />
      ) : (
        <ShipMethodsList
          methods={methods}
          readOnly={readOnly}
          expanded={expanded}
          onExpand={setExpanded}
          reveal={reveal}
          onRename={(method) => setNaming({ method })}
          suggestions={suggestions}
        />
      )}
      {naming ? (
        <ShipMethodNameDialog
          method={naming.method}
          onClose={() => setNaming(null)}
          onCreated={(method) => openMethod(method.id)}
        />
      ) : null}
      {readOnly ? null : <ArchivedShipMethods />}
      {mapping ? <MapServiceDialog service={mapping} methods={methods} onClose={() => setMapping(null)} /> : null}
    </>
  );
}
