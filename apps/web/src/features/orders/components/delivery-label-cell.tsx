import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ShippingLabel } from '@shipdesk/contract';
import { StatusChip, type StatusTone } from '@/components/status-chip';
import { formatMoney } from '@/lib/format';

const PUSH: Record<ShippingLabel['trackingPush']['status'], { label: string; tone: StatusTone } | null> = {
  not_needed: null,
  pending: { label: 'Telling the channel', tone: 'info' },
  pushed: { label: 'Channel told', tone: 'success' },
  failed: { label: 'Channel not told', tone: 'error' },
};

/** A delivery's label in one cell: tracking (a link where the carrier has a public page), service, cost, channel. */
export function DeliveryLabelCell({ label, locale }: { label: ShippingLabel | null; locale: string }) {
  if (!label) return <>—</>;
  const voided = label.status !== 'active';
  const push = voided ? null : PUSH[label.trackingPush.status];
  const cost = label.amount === 0 ? 'no postage' : formatMoney(label.amount, label.currency, locale);
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
      {push ? (
        <Box title={label.trackingPush.message ?? undefined}>
          <StatusChip small label={push.label} tone={push.tone} kind="Tracking" />
        </Box>
      ) : null}
      {label.trackingPush.status === 'failed' && label.trackingPush.message && !voided ? (
        <Typography variant="caption" color="error">
          {label.trackingPush.message}
        </Typography>
      ) : null}
    </Box>
  );
}
