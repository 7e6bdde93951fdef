import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { OrderEventRecord, UnitSystem } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useGetOrderEventsQuery } from '../api/orders-api';
import { describeChanges, eventName } from '../order-events';
import { ruleSettingsEventDetails, rulesEventDetails } from '../order-rule-words';
import { shippingEventService } from '../order-shipping-catalogue';
import { CardSection } from '@/components/card-section';
import { useUnits } from '@/lib/units/use-units';
import { labelOptionWords, lineWeightWords, parcelWords } from '../order-weight-words';
import { RETURN_EVENT_NAMES, returnEventDetails } from '../returns/return-words';
import { parcelEventDetails } from '../tracking/tracking-words';

/**
 * The parts of an event's payload a person cares about (reason, amount, method, the channel's order id, the carrier
 * service a shipping change left).
 */
function payloadDetails(record: OrderEventRecord, currency: string, locale: string, system: UnitSystem): string[] {
  const details: string[] = [];
  const { payload } = record;
  if (record.event in RETURN_EVENT_NAMES) {
    return returnEventDetails(record.event, payload, (minor, money) => formatMoney(minor, money ?? currency, locale));
  }
  if (record.event === 'parcelStatus') return parcelEventDetails(payload);
  const labelEvent = typeof payload.trackingNumber === 'string';
  if (typeof payload.linkedOrderNumber === 'string') details.push(`Order ${payload.linkedOrderNumber}`);
  if (labelEvent)
    details.push(`${String(payload.service ?? payload.carrier ?? '')} · tracking ${String(payload.trackingNumber)}`);
  if (typeof payload.amount === 'number') {
    const money = formatMoney(
      payload.amount,
      typeof payload.currency === 'string' ? payload.currency : currency,
      locale,
    );
    details.push(labelEvent ? `Cost ${payload.amount === 0 ? 'no postage' : money}` : `Amount ${money}`);
  }
  if (labelEvent) details.push(...labelOptionWords(payload, currency, locale));
  if (payload.refund === 'requested') details.push('Refund requested from the carrier');
  if (typeof payload.method === 'string' && payload.method) details.push(`Method ${payload.method.replace(/_/g, ' ')}`);
  if (typeof payload.reason === 'string' && payload.reason) details.push(`Reason: ${payload.reason}`);
  if (typeof payload.format === 'string') details.push(`Format ${payload.format.toUpperCase()}`);
  if (typeof payload.externalId === 'string' && payload.externalId) details.push(`Channel id ${payload.externalId}`);
  const service = record.event === 'shippingUpdated' ? shippingEventService(payload) : null;
  if (service) details.push(`Ships with ${service}`);
  if (record.event === 'shippingRules') details.push(...rulesEventDetails(payload));
  // An edit of the lines lists what changed (the server's words), then the total before and after.
  if (record.event === 'linesUpdated' && Array.isArray(payload.changes)) {
    details.push(...payload.changes.filter((c): c is string => typeof c === 'string'));
    const total = payload.total as { from?: unknown; to?: unknown } | undefined;
    if (typeof total?.from === 'number' && typeof total.to === 'number' && total.from !== total.to) {
      const linesCurrency = typeof payload.currency === 'string' ? payload.currency : currency;
      const money = (minor: number) => formatMoney(minor, linesCurrency, locale);
      details.push(`Total ${money(total.from)} → ${money(total.to)}`);
    }
  }
  // Weights a person entered or a product filled, in the tenant's units ("MUG-1: 12 oz"); rows written before the
  // payload kept the numbers show the server's words.
  const weightEvents = ['lineWeightsUpdated', 'deliveryParcelUpdated', 'productWeightFilled'];
  if (weightEvents.includes(record.event)) {
    const words =
      record.event === 'deliveryParcelUpdated' ? parcelWords(payload, system) : lineWeightWords(payload, system);
    if (words) details.push(...words);
    else if (Array.isArray(payload.changes)) {
      details.push(...payload.changes.filter((c): c is string => typeof c === 'string'));
    }
  }
  if (record.event === 'ruleSettingsUpdated') {
    const settingsCurrency = typeof payload.currency === 'string' ? payload.currency : currency;
    details.push(...ruleSettingsEventDetails(payload, (minor) => formatMoney(minor, settingsCurrency, locale)));
  }
  return details;
}

/** Who did what when (GET /api/v1/orders/{id}/events), newest first, in the tenant's time zone. */
export function OrderTimeline({
  orderId,
  timeZone,
  currency,
  locale,
}: {
  orderId: string;
  timeZone: string;
  currency: string;
  locale: string;
}) {
  const { data, error, isLoading } = useGetOrderEventsQuery(orderId);
  const { system } = useUnits();
  const events = [...(data ?? [])].sort((a, b) => b.at.localeCompare(a.at) || Number(b.id) - Number(a.id));
  return (
    <CardSection title="History">
      {isLoading ? (
        <Skeleton variant="rectangular" height={96} />
      ) : error ? (
        <QueryError error={error} fallback="Could not load the history." />
      ) : events.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing recorded yet.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Order history" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {events.map((record, index) => {
            const changes = describeChanges(record.before, record.after);
            const details = payloadDetails(record, currency, locale, system);
            return (
              <Box
                component="li"
                key={record.id}
                data-event={record.event}
                sx={{ position: 'relative', pl: 3, pb: index === events.length - 1 ? 0 : 2 }}
              >
                <Box
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    left: 4,
                    top: 6,
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: index === 0 ? 'primary.main' : 'text.disabled',
                  }}
                />
                {index === events.length - 1 ? null : (
                  <Box
                    aria-hidden
                    sx={{ position: 'absolute', left: 8, top: 20, bottom: 0, width: 2, bgcolor: 'divider' }}
                  />
                )}
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {eventName(record.event, record.payload)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {record.actor} · {formatDateTime(record.at, timeZone)}
                </Typography>
                {changes.map((change) => (
                  <Typography key={change} variant="body2" component="p">
                    {change}
                  </Typography>
                ))}
                {details.length > 0 ? (
                  <Typography variant="body2" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                    {details.join(' · ')}
                  </Typography>
                ) : null}
              </Box>
            );
          })}
        </Box>
      )}
    </CardSection>
  );
}
