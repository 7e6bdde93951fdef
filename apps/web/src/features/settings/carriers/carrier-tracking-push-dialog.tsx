import { useId, useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CARRIER_NAMES, type CarrierAccount, type CarrierPush, type CarrierPushSetup } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-error';
import { apiErrorMessage } from '@/lib/errors';
import {
  useGetTrackingPushQuery,
  useSetupTrackingPushMutation,
  useStopTrackingPushMutation,
} from '../api/tracking-push-api';
import { CarrierPushFedexForm } from './carrier-push-fedex-form';
import { PortalDetails, PushActions, PushState } from './carrier-tracking-push-parts';
import { isPushOn, pushOffer } from './carrier-tracking-words';

interface CarrierTrackingPushDialogProps {
  account: CarrierAccount;
  /** Managers see the state; only Admins turn pushes on and off. */
  readOnly: boolean;
  onClose(): void;
}

type Confirming = 'off' | 'renew' | null;

/**
 * Settings > Carriers, an account's "Tracking updates": whether Shipdesk asks the carrier about its parcels (polling)
 * or the carrier pushes their events (docs/tracking.md "Pushes"), and for an Admin turning the pushes on and off.
 */
export function CarrierTrackingPushDialog({ account, readOnly, onClose }: CarrierTrackingPushDialogProps) {
  const titleId = useId();
  const query = useGetTrackingPushQuery(account.id);
  const [setup, setupState] = useSetupTrackingPushMutation();
  const [stop, stopState] = useStopTrackingPushMutation();
  const [revealed, setRevealed] = useState<CarrierPush | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [changingToken, setChangingToken] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const carrier = account.carrier;
  const name = CARRIER_NAMES[carrier];
  const push = query.data;
  const on = isPushOn(push);
  const busy = setupState.isLoading || stopState.isLoading;

  /** Sends the setup; a refusal is thrown to the caller (the FedEx form puts it on its fields). */
  const turnOn = async (body: CarrierPushSetup) => {
    setFailure(null);
    const answer = await setup({ accountId: account.id, body }).unwrap();
    setRevealed(answer.clientSecret ? answer : null);
    setChangingToken(false);
    if (answer.status === 'active') toast.success(`Tracking pushes are on for ${account.name}.`);
  };
  const oneClick = async () => {
    try {
      await turnOn({});
    } catch (error) {
      setFailure(apiErrorMessage(error, 'Could not turn the pushes on.'));
    }
  };
  const turnOff = async () => {
    setFailure(null);
    try {
      await stop(account.id).unwrap();
      setRevealed(null);
      setChangingToken(false);
      toast.success(`Tracking pushes are off for ${account.name}: Shipdesk asks ${name} about its parcels.`);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'Could not turn the pushes off.'));
    }
  };
  const confirmed = async () => {
    const what = confirming;
    setConfirming(null);
    if (what === 'off') await turnOff();
    else if (what === 'renew') await oneClick();
  };

  const fedexForm = (submitLabel: string, onCancel?: () => void) => (
    <CarrierPushFedexForm
      submitLabel={submitLabel}
      onSubmit={turnOn}
      onFailure={(error) => setFailure(apiErrorMessage(error, 'Could not turn the pushes on.'))}
      onCancel={onCancel}
    />
  );

  return (
    <>
      <Dialog
        open
        onClose={(_event, reason) => {
          // A shown secret is not lost to a stray click outside; Escape and Close still close.
          if (busy || (revealed && reason === 'backdropClick')) return;
          onClose();
        }}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={titleId}>Tracking updates: {account.name}</DialogTitle>
        <DialogContent>
          {query.isLoading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
              <CircularProgress size={28} aria-label="Loading the tracking updates" />
            </Box>
          ) : query.isError ? (
            <QueryError
              error={query.error}
              fallback="Could not load how this account's parcels are tracked."
              refetch={query.refetch}
              isFetching={query.isFetching}
            />
          ) : (
            <Stack spacing={2.5}>
              <PushState carrier={carrier} push={push} />
              {failure ? (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              ) : null}
              {on && push ? <PortalDetails push={push} revealed={revealed} /> : null}
              {readOnly ? (
                <Typography variant="body2" color="text.secondary">
                  Only administrators can turn pushes on or off.
                </Typography>
              ) : !on ? (
                <Stack spacing={1}>
                  <Typography variant="body2">{pushOffer(carrier)}</Typography>
                  {carrier === 'fedex' ? fedexForm('Turn on pushes') : null}
                </Stack>
              ) : carrier === 'fedex' && changingToken ? (
                fedexForm('Save security token', () => setChangingToken(false))
              ) : null}
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {readOnly || query.isLoading || query.isError ? null : (
            <PushActions
              carrier={carrier}
              push={push}
              busy={busy}
              changingToken={changingToken}
              onTurnOn={() => void oneClick()}
              onRenew={() => setConfirming('renew')}
              onChangeToken={() => setChangingToken(true)}
              onTurnOff={() => setConfirming('off')}
            />
          )}
          <Button onClick={onClose} disabled={busy} variant={on || readOnly ? 'contained' : 'text'}>
            {revealed ? 'Done' : 'Close'}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'renew' ? 'Make a new client secret?' : 'Turn off tracking pushes?'}
        confirmLabel={confirming === 'renew' ? 'Make a new secret' : 'Turn off'}
        message={
          confirming === 'renew'
            ? `The current client secret stops working at once: UPS gets no new tokens until you paste the new secret into its developer portal.`
            : `${name} stops pushing the events of ${account.name}'s parcels, and Shipdesk asks ${name} about them on its usual schedule again.`
        }
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirmed()}
      />
    </>
  );
}
