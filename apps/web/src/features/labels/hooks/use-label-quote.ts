import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { OrderFlowBody, ShipLabelQuery, UnitSystem } from '@shipdesk/contract';
import { useUnits } from '@/lib/units/use-units';
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
import {
  offersInsuranceChoice,
  optionFieldsFrom,
  optionsFromFields,
  optionsKey,
  optionsQuery,
  type OptionErrors,
  type OptionFields,
} from '../label-options';

/** How long typing pauses before a typed weight or size is priced. */
const SETTLE_MS = 600;

/** The fsmFlow query that prices this parcel with these options. */
function quoteQuery(
  deliveryId: string,
  fields: ParcelFields,
  options: OptionFields | null,
  system: UnitSystem,
): ShipLabelQuery {
  return { ...rateQuery(deliveryId, fields, system), ...(options ? optionsQuery(options) : {}) };
}

/**
 * The label form's parcel and options (insured value, whose insurance, signature) as typed, the rates quoted for
 * them, and the service chosen among them: what a purchase would send (`body`) once the rates shown are those of the
 * parcel and options as typed (`fresh`). Its Idempotency-Key comes with the customs declaration (useCustomsPurchase).
 */
export function useLabelQuote(orderId: string, deliveryId: string, initialEvent: LabelEvent) {
  const { system } = useUnits();
  const [event, setEvent] = useState<LabelEvent>(initialEvent);
  const [query, setQuery] = useState<ShipLabelQuery>({ deliveryId });
  const [fields, setFields] = useState<ParcelFields | null>(null);
  // The parcel the shown rates were quoted for: a weight or size typed since makes them stale.
  const [quoted, setQuoted] = useState<ParcelFields | null>(null);
  const [errors, setErrors] = useState<ParcelErrors>({});
  const [options, setOptions] = useState<OptionFields | null>(null);
  // The options the shown rates were quoted with: an insured value typed since makes them stale too.
  const [quotedOptions, setQuotedOptions] = useState<OptionFields | null>(null);
  const [optionErrors, setOptionErrors] = useState<OptionErrors>({});
  // Whose insurance is shown once a carrier that offers the choice has answered (kept, so the form does not jump).
  const [insuranceChoice, setInsuranceChoice] = useState(false);
  const [selected, setSelected] = useState('');
  const rates = useGetLabelRatesQuery({ orderId, event, query });
  // The answer for the query asked now only (never an earlier parcel's rates while the new ones load or failed).
  const defaults = rates.currentData?.defaults ?? null;

  useEffect(() => {
    if (!defaults) return;
    const first = parcelFieldsFrom(defaults.parcel);
    setFields((current) => current ?? first);
    setQuoted((current) => current ?? first);
    const firstOptions = optionFieldsFrom(defaults.options);
    setOptions((current) => current ?? firstOptions);
    setQuotedOptions((current) => current ?? firstOptions);
    if (offersInsuranceChoice(defaults)) setInsuranceChoice(true);
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
  const parcel = fields ? parcelFromFields(fields, packageType, system) : null;
  const checkedOptions = options ? optionsFromFields(options) : null;
  const settled =
    fields !== null &&
    quoted !== null &&
    parcelKey(fields, system) === parcelKey(quoted, system) &&
    options !== null &&
    quotedOptions !== null &&
    optionsKey(options) === optionsKey(quotedOptions);
  const fresh = settled && defaults !== null && !rates.isFetching;
  const updating = rates.isFetching || (fields !== null && !settled && !parcel?.errors && !checkedOptions?.errors);
  const choice = fresh ? defaults.rates.find((rate) => rateKey(rate) === selected) : undefined;
  const quotedParcel = fresh && quoted ? parcelFromFields(quoted, packageType, system).parcel : null;
  const labelOptions = fresh && quotedOptions ? optionsFromFields(quotedOptions).options : null;
  const version = rates.currentData?.flow.version;
  const body = useMemo<OrderFlowBody | null>(
    () =>
      choice && quotedParcel && labelOptions && version !== undefined
        ? {
            version,
            label: {
              deliveryId,
              carrier: choice.carrier,
              carrierAccountId: choice.carrierAccountId,
              serviceCode: choice.serviceCode,
              parcel: quotedParcel,
              options: labelOptions,
            },
          }
        : null,
    [choice, quotedParcel, labelOptions, version, deliveryId],
  );

  const quote = (nextFields: ParcelFields, nextOptions: OptionFields | null) => {
    setFields(nextFields);
    setQuoted(nextFields);
    if (nextOptions) {
      setOptions(nextOptions);
      setQuotedOptions(nextOptions);
    }
    setQuery(quoteQuery(deliveryId, nextFields, nextOptions, system));
  };
  const reprice = (next: ParcelFields) => quote(next, options);
  /** A signature or whose insurance chosen: priced at once. */
  const repriceOptions = (next: OptionFields) => {
    if (fields) quote(fields, next);
    else setOptions(next);
  };

  // A typed weight, size or insured value asks for its rates once the typing pauses, when the parcel and options are
  // valid ones (else their fields say what is wrong).
  useEffect(() => {
    if (!fields || !quoted || !options || !quotedOptions) return undefined;
    if (fields === quoted && options === quotedOptions) return undefined;
    const timer = setTimeout(() => {
      const check = parcelFromFields(fields, null, system);
      const checkOptions = optionsFromFields(options);
      setErrors(check.errors ?? {});
      setOptionErrors(checkOptions.errors ?? {});
      if (check.errors || checkOptions.errors) return;
      if (parcelKey(fields, system) === parcelKey(quoted, system) && optionsKey(options) === optionsKey(quotedOptions))
        return;
      setQuoted(fields);
      setQuotedOptions(options);
      setQuery(quoteQuery(deliveryId, fields, options, system));
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [fields, quoted, options, quotedOptions, deliveryId, system]);

  // Update rates, or Enter in a field: the rates of the parcel and options as typed now (asked again when they are
  // the shown ones).
  const repriceTyped = () => {
    if (!fields || !options) return;
    const check = parcelFromFields(fields, null, system);
    const checkOptions = optionsFromFields(options);
    setErrors(check.errors ?? {});
    setOptionErrors(checkOptions.errors ?? {});
    if (check.errors || checkOptions.errors) return;
    if (settled) void rates.refetch();
    else quote(fields, options);
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
    options,
    setOptions,
    optionErrors,
    setOptionErrors,
    /** The options as typed, or their errors by field. */
    checkedOptions,
    /** Whether whose insurance matters here (an aggregator that offers its own insurer is connected). */
    insuranceChoice,
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
    reprice,
    repriceOptions,
    repriceTyped,
    repriceOnEnter,
  };
}
