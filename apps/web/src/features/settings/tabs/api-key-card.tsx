import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-error';
import { showApiError } from '@/lib/errors/show-api-error';
import { formatDateTime } from '@/lib/format';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { useGetApiKeyQuery, useRevokeApiKeyMutation, useRotateApiKeyMutation } from '../api/api-key-api';
import { NewApiKeyDialog } from './new-api-key-dialog';

type Confirming = 'rotate' | 'revoke' | null;

/** The tenant's API key (config bearer_token): create, rotate or revoke; a new key is shown once. */
export function ApiKeyCard({ readOnly }: { readOnly: boolean }) {
  const { data, error, isLoading, isFetching, refetch } = useGetApiKeyQuery();
  const [rotateApiKey, rotation] = useRotateApiKeyMutation();
  const [revokeApiKey, revocation] = useRevokeApiKeyMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const timeZone = useTenantTimeZone();
  const busy = rotation.isLoading || revocation.isLoading;

  const rotate = async () => {
    try {
      const created = await rotateApiKey().unwrap();
      setConfirming(null);
      setNewKey(created.key);
    } catch (failure) {
      setConfirming(null);
      showApiError(failure, 'Could not create the API key.');
    }
  };
  const revoke = async () => {
    try {
      await revokeApiKey().unwrap();
      toast.success('API key revoked.');
    } catch (failure) {
      showApiError(failure, 'Could not revoke the API key.');
    } finally {
      setConfirming(null);
    }
  };

  let body;
  if (isLoading) {
    body = (
      <Stack spacing={1} aria-busy="true" aria-label="Loading the API key">
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="rounded" width={160} height={36} />
      </Stack>
    );
  } else if (error || !data) {
    body = (
      <QueryError error={error} fallback="Could not load the API key." refetch={refetch} isFetching={isFetching} />
    );
  } else if (!data.exists) {
    body = (
      <>
        <Typography variant="body2" sx={{ mb: 2 }}>
          There is no API key yet.
        </Typography>
        <Button variant="contained" disabled={readOnly || busy} onClick={() => void rotate()}>
          {rotation.isLoading ? 'Creating…' : 'Create API key'}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            Key
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace' }}>
            sdk_live_…{data.last4}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Created
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {data.createdAt ? formatDateTime(data.createdAt, timeZone) : '—'}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Last used
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {data.lastUsedAt ? formatDateTime(data.lastUsedAt, timeZone) : 'Never'}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
          <Button variant="outlined" disabled={readOnly || busy} onClick={() => setConfirming('rotate')}>
            Rotate
          </Button>
          <Button color="error" disabled={readOnly || busy} onClick={() => setConfirming('revoke')}>
            Revoke
          </Button>
        </Stack>
      </>
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="api-key-heading" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" id="api-key-heading">
        API key
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Scripts and ERP systems use this key to call the Shipdesk API with an administrator&apos;s rights.
      </Typography>
      {body}
      <ConfirmDialog
        open={confirming === 'rotate'}
        title="Rotate the API key?"
        message="A new key replaces the current one, which stops working at once. Scripts and ERP systems using it need the new key."
        confirmLabel="Rotate"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void rotate()}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        title="Revoke the API key?"
        message="The key stops working at once. Scripts and ERP systems using it will be refused until you create a new key."
        confirmLabel="Revoke"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void revoke()}
      />
      <NewApiKeyDialog apiKey={newKey} onClose={() => setNewKey(null)} />
    </Paper>
  );
}
