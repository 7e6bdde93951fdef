import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { OrderFlowBody, ShipLabelQuery } from '@shipdesk/contract';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { useGetLabelRatesQuery, type LabelEvent } from '../api/labels-api';
import {
  parcelFieldsFrom,
  parcelFromFields,
  parcelKey,
  rateKey,
  rateQuery,
  type ParcelErrors,
  type ParcelFields,
} from '../label-parcel';

/** How long typing pauses before a typed weight or size is priced. */
const SETTLE_MS = 600;

/**
 * The label form's parcel as typed, the rates quoted for it, and the service chosen among them: what a purchase would
 * send (`body`) once the rates shown are those of the parcel as typed (`fresh`), with one Idempotency-Key per choice.
 */
export function useLabelQuote(orderId: string, deliveryId: string, initialEvent: LabelEvent) {
  const [event, setEvent] = useState<LabelEvent>(initialEvent);
  const [query, setQuery] = useState<ShipLabelQuery>({ deliveryId });
  const [fields, setFields] = useState<ParcelFields | null>(null);
  // The parcel the shown rates were quoted for: a weight or size typed since makes them stale.
  const [quoted, setQuoted] = useState<ParcelFields | null>(null);
  const [errors, setErrors] = useState<ParcelErrors>({});
  const [selected, setSelected] = useState('');
  const rates = useGetLabelRatesQuery({ orderId, event, query });
  // The answer for the query asked now only (never an earlier parcel's rates while the new ones load or failed).
  const defaults = rates.currentData?.defaults ?? null;

  useEffect(() => {
    if (!defaults) return;
    const first = parcelFieldsFrom(defaults.parcel);
    setFields((current) => current ?? first);
    setQuoted((current) => current ?? first);
    setSelected((current) => {
      if (defaults.rates.some((rate) => rateKey(rate) === current)) return current;
      // The service the order's shipping method maps to; with none mapped, the only one offered, or the seller's
      // choice (the cheapest may be one the goods cannot take, such as USPS Media Mail for a hoodie).
      const first =
        defaults.rates.find((rate) => rate.mapped) ?? (defaults.rates.length === 1 ? defaults.rates[0] : null);
      return first ? rateKey(first) : '';
    });
  }, [defaults]);

  // The prices shown belong to the parcel as typed, or nothing is bought: a weight or size that differs from the
  // quoted parcel makes them stale, and Buy stays disabled until the rates of exactly this parcel are shown.
  const packageType = defaults?.parcel.packageType ?? null;
  const parcel = fields ? parcelFromFields(fields, packageType) : null;
  const settled = fields !== null && quoted !== null && parcelKey(fields) === parcelKey(quoted);
  const fresh = settled && defaults !== null && !rates.isFetching;
  const updating = rates.isFetching || (fields !== null && !settled && !parcel?.errors);
  const choice = fresh ? defaults.rates.find((rate) => rateKey(rate) === selected) : undefined;
  const quotedParcel = fresh && quoted ? parcelFromFields(quoted, packageType).parcel : null;
  const version = rates.currentData?.flow.version;
  const body = useMemo<OrderFlowBody | null>(
    () =>
      choice && quotedParcel && version !== undefined
        ? {
            version,
            label: {
              deliveryId,
              carrier: choice.carrier,
              carrierAccountId: choice.carrierAccountId,
              serviceCode: choice.serviceCode,
              parcel: quotedParcel,
            },
          }
        : null,
    [choice, quotedParcel, version, deliveryId],
  );
  // One key per choice: a double click or a retry of the same choice buys once; another choice is another purchase.
  const key = useMemo(() => (body ? newIdempotencyKey() : ''), [JSON.stringify(body), event]); // eslint-disable-line react-hooks/exhaustive-deps

  const reprice = (next: ParcelFields) => {
    setFields(next);
    setQuoted(next);
    setQuery(rateQuery(deliveryId, next));
  };

  // A typed weight or size asks for its rates once the typing pauses, when the parcel is a valid one (else its
  // fields say what is wrong).
  useEffect(() => {
    if (!fields || !quoted || fields === quoted) return undefined;
    const timer = setTimeout(() => {
      const check = parcelFromFields(fields, null);
      setErrors(check.errors ?? {});
      if (check.errors || parcelKey(fields) === parcelKey(quoted)) return;
      setQuoted(fields);
      setQuery(rateQuery(deliveryId, fields));
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [fields, quoted, deliveryId]);

  // Update rates, or Enter in a field: the rates of the parcel as typed now (asked again when they are the shown ones).
  const repriceTyped = () => {
    if (!fields) return;
    const check = parcelFromFields(fields, null);
    setErrors(check.errors ?? {});
    if (check.errors) return;
    if (quoted && parcelKey(fields) === parcelKey(quoted)) void rates.refetch();
    else reprice(fields);
  };

  // Enter in a field asks for the rates of what was typed; it never buys (only the Buy button does).
  const repriceOnEnter = (keyDown: KeyboardEvent) => {
    if (keyDown.key !== 'Enter' || !(keyDown.target instanceof HTMLInputElement)) return;
    keyDown.preventDefault();
    if (keyDown.target.type === 'text') repriceTyped();
  };

  return {
    event,
    setEvent,
    fields,
    setFields,
    errors,
    setErrors,
    selected,
    setSelected,
    rates,
    defaults,
    /** The server's reason when no label may be bought now. */
    refusal: rates.data && !rates.data.flow.allowed ? rates.data.flow.message : null,
    /** The parcel as typed, or its errors by field. */
    parcel,
    fresh,
    updating,
    choice,
    body,
    idempotencyKey: key,
    reprice,
    repriceTyped,
    repriceOnEnter,
  };
}
