import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ShippingLabel } from '@shipdesk/contract';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { boughtCustomsText } from '../label-customs-form';
import { labelCostText, labelOptionsWords } from './delivery-facts';

type PushChip = { label: string; tone: StatusTone } | null;
const PUSH: Record<ShippingLabel['trackingPush']['status'], PushChip> = {
  not_needed: null,
  pending: { label: 'Telling the channel', tone: 'info' },
  pushed: { label: 'Channel told', tone: 'success' },
  failed: { label: 'Channel not told', tone: 'error' },
};
/** A voided label's push is the channel being told of the void. */
const VOID_PUSH: Record<ShippingLabel['trackingPush']['status'], PushChip> = {
  not_needed: null,
  pending: { label: 'Telling the channel it is void', tone: 'info' },
  pushed: { label: 'Channel told it is void', tone: 'success' },
  failed: { label: 'Channel not told of the void', tone: 'error' },
};

/**
 * A delivery's label in one cell: tracking (a link where the carrier has a public page), service, cost (what was
 * paid, options included), the insurance and signature it was bought with, its customs, the channel's news.
 */
export function DeliveryLabelCell({ label, locale }: { label: ShippingLabel | null; locale: string }) {
  if (!label) return <>—</>;
  const voided = label.status !== 'active';
  const { status, message } = label.trackingPush;
  const push = (voided ? VOID_PUSH : PUSH)[status];
  const cost = labelCostText(label, locale);
  const options = labelOptionsWords(label, locale);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Typography
        variant="body2"
        sx={{ fontFamily: 'monospace', textDecoration: voided ? 'line-through' : 'none', overflowWrap: 'anywhere' }}
      >
        {label.trackingUrl && !voided ? (
          <Link href={label.trackingUrl} target="_blank" rel="noopener noreferrer">
            {label.trackingNumber}
          </Link>
        ) : (
          label.trackingNumber
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label.serviceName} · {cost}
        {voided ? (label.status === 'refund_requested' ? ' · voided, refund requested' : ' · voided') : ''}
      </Typography>
      {options.length > 0 ? (
        <Typography variant="caption" color="text.primary">
          {options.join(' · ')}
        </Typography>
      ) : null}
      {label.customs ? (
        <Typography variant="caption" color="text.primary">
          {boughtCustomsText(label.customs, locale)}
        </Typography>
      ) : null}
      {push ? (
        <Box title={message ?? undefined}>
          <StatusChip small label={push.label} tone={push.tone} kind="Tracking" />
        </Box>
      ) : null}
      {message && (status === 'failed' || status === 'not_needed') ? (
        <Typography variant="caption" color={status === 'failed' ? 'error' : 'text.secondary'}>
          {message}
        </Typography>
      ) : null}
    </Box>
  );
}
