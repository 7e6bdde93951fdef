import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CARRIER_NAMES, type Carrier, type CarrierPush, type CarrierPushState } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { CarrierPushCopyField } from './carrier-push-copy-field';
import { isPushOn, PUSH_STATUS_UI, trackingHeadline, trackingNote } from './carrier-tracking-words';

/** The parts of an account's "Tracking updates" dialog (carrier-tracking-push-dialog.tsx). */

/** How the account's parcels are tracked now, and what the carrier last said about its pushes. */
export function PushState({ carrier, push }: { carrier: Carrier; push: CarrierPushState | undefined }) {
  return (
    <Box>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ lineHeight: 2 }}>
        How its parcels are tracked
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{trackingHeadline(carrier, push)}</Typography>
        {push ? (
          <StatusChip
            label={PUSH_STATUS_UI[push.status].label}
            tone={PUSH_STATUS_UI[push.status].tone}
            small
            kind="Pushes"
          />
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {trackingNote(carrier, push)}
      </Typography>
      {push?.message ? (
        <Alert severity={push.status === 'failed' ? 'error' : 'info'} role="status" sx={{ mt: 1.5 }}>
          {CARRIER_NAMES[carrier]} answered: {push.message}
        </Alert>
      ) : null}
    </Box>
  );
}

/** Where UPS and FedEx push to, to paste into their portals; UPS's client secret only in the answer that made it. */
export function PortalDetails({ push, revealed }: { push: CarrierPush; revealed: CarrierPush | null }) {
  if (push.carrier === 'fedex') {
    return (
      <Stack spacing={1.5}>
        <Typography variant="body2">
          Paste this address into FedEx&apos;s developer portal (Advanced Integrated Visibility) as the webhook&apos;s
          URL.
        </Typography>
        <CarrierPushCopyField label="Listener URL" value={push.listenerUrl} />
      </Stack>
    );
  }
  if (push.carrier !== 'ups') return null;
  const shown = revealed ?? push;
  return (
    <Stack spacing={1.5}>
      {revealed ? (
        <Alert severity="warning">
          Paste these into UPS&apos;s developer portal (Track Alert): the listener URL as the webhook, the token URL,
          client id and client secret as its OAuth client credentials. Copy the client secret now: it is shown only this
          once.
        </Alert>
      ) : (
        <Typography variant="body2">
          What UPS&apos;s developer portal (Track Alert) needs. The client secret was shown once, when pushes were
          turned on; make a new one if it was lost.
        </Typography>
      )}
      <CarrierPushCopyField label="Listener URL" value={shown.listenerUrl} />
      {shown.tokenUrl ? <CarrierPushCopyField label="Token URL" value={shown.tokenUrl} /> : null}
      {shown.clientId ? <CarrierPushCopyField label="Client id" value={shown.clientId} /> : null}
      {revealed?.clientSecret ? (
        <CarrierPushCopyField label="Client secret" value={revealed.clientSecret} autoFocus />
      ) : null}
    </Stack>
  );
}

interface PushActionsProps {
  carrier: Carrier;
  push: CarrierPushState | undefined;
  busy: boolean;
  changingToken: boolean;
  onTurnOn(): void;
  onRenew(): void;
  onChangeToken(): void;
  onTurnOff(): void;
}

/** An Admin's buttons: turn on (one click but FedEx's, whose form has its own), or renew, retry and turn off. */
export function PushActions(props: PushActionsProps) {
  const { carrier, push, busy, changingToken } = props;
  if (!isPushOn(push)) {
    return carrier === 'fedex' ? null : (
      <Button
        variant="contained"
        onClick={props.onTurnOn}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        Turn on pushes
      </Button>
    );
  }
  return (
    <>
      {carrier === 'ups' ? (
        <Button onClick={props.onRenew} disabled={busy}>
          New client secret
        </Button>
      ) : null}
      {carrier === 'fedex' && !changingToken ? (
        <Button onClick={props.onChangeToken} disabled={busy}>
          Change security token
        </Button>
      ) : null}
      {/* USPS and Shippo are subscribed through their APIs: a refused subscription can be asked again. */}
      {push?.status === 'failed' && (carrier === 'usps' || carrier === 'shippo') ? (
        <Button onClick={props.onTurnOn} disabled={busy}>
          Try again
        </Button>
      ) : null}
      <Button color="error" onClick={props.onTurnOff} disabled={busy}>
        Turn off pushes
      </Button>
    </>
  );
}
