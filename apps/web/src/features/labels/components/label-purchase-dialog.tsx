import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { BoxSize, ShipLabelQuery, ShippingLabel } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { useListBoxSizesQuery } from '@/entities/box-sizes/box-sizes-api';
import { ReadScaleButton } from '@/components/printing/read-scale-button';
import { QueryError } from '@/components/query-error';
import { apiErrorMessage } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { useBuyLabelMutation, useGetLabelRatesQuery, type LabelEvent } from '../api/labels-api';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import {
  parcelFieldsFrom,
  parcelFromFields,
  parcelKey,
  rateQuery,
  weightHint,
  type ParcelErrors,
  type ParcelFields,
} from '../label-parcel';
import { LabelRatesList, rateKey } from './label-rates-list';

export interface LabelPurchaseDialogProps {
  orderId: string;
  orderNumber: string;
  deliveryId: string;
  /** The tenant's label type (Settings > Labels): PDF or ZPL first. */
  initialEvent: LabelEvent;
  locale: string;
  onClose(): void;
  onBought(label: ShippingLabel): void;
}

const DIMENSIONS = [
  ['length', 'Length (in)'],
  ['width', 'Width (in)'],
  ['height', 'Height (in)'],
] as const;

/** How long typing pauses before a typed weight or size is priced. */
const SETTLE_MS = 600;

function withBox(fields: ParcelFields, box: BoxSize | undefined): ParcelFields {
  if (!box) return { ...fields, boxSizeId: '' };
  return {
    ...fields,
    boxSizeId: box.id,
    length: String(box.length),
    width: String(box.width),
    height: String(box.height),
  };
}

/**
 * Buying a label for one delivery: its parcel (box, weight, dimensions), the label format, and the rates of every
 * connected carrier service that can take it; the mapped service is chosen first. One purchase per choice, however
 * often Buy is pressed (one Idempotency-Key per choice).
 */
export function LabelPurchaseDialog(props: LabelPurchaseDialogProps) {
  const { orderId, orderNumber, deliveryId, locale, onClose, onBought } = props;
  const [event, setEvent] = useState<LabelEvent>(props.initialEvent);
  const [query, setQuery] = useState<ShipLabelQuery>({ deliveryId });
  const [fields, setFields] = useState<ParcelFields | null>(null);
  // The parcel the shown rates were quoted for: a weight or size typed since makes them stale.
  const [quoted, setQuoted] = useState<ParcelFields | null>(null);
  const [errors, setErrors] = useState<ParcelErrors>({});
  const [selected, setSelected] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const rates = useGetLabelRatesQuery({ orderId, event, query });
  const boxes = useListBoxSizesQuery();
  const [buy, buying] = useBuyLabelMutation();
  // The answer for the query asked now only (never an earlier parcel's rates while the new ones load or failed).
  const defaults = rates.currentData?.defaults ?? null;
  const refusal = rates.data && !rates.data.flow.allowed ? rates.data.flow.message : null;

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
  const body = useMemo(
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
  const repriceOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (event.target.type === 'text') repriceTyped();
  };

  const submit = async () => {
    if (!fields || !parcel) return;
    if (parcel.errors) return setErrors(parcel.errors);
    setErrors({});
    if (!fresh) return;
    if (!body) return setFailure('Choose a carrier service.');
    setFailure(null);
    try {
      const result = await buy({ orderId, event, body, idempotencyKey: key }).unwrap();
      toast.success(
        `Label bought: ${result.label?.serviceName ?? 'label'}, tracking ${result.label?.trackingNumber ?? ''}.`,
      );
      if (result.label) onBought(result.label);
      else onClose();
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The label could not be bought.'));
    }
  };

  const price = choice
    ? choice.amount === 0
      ? 'no postage'
      : formatMoney(choice.amount, choice.currency, locale)
    : null;
  const buyLabel = fresh
    ? price
      ? `Buy label · ${price}`
      : 'Buy label'
    : updating
      ? 'Buy label · updating prices…'
      : fields
        ? 'Buy label · prices need updating'
        : 'Buy label';
  const hint = fields ? weightHint(fields.weight) : null;
  return (
    <FormDialog
      open
      title={`Buy a label — order ${orderNumber}`}
      submitLabel={buyLabel}
      busy={buying.isLoading}
      submitDisabled={!fresh}
      error={failure}
      onCancel={onClose}
      onSubmit={() => void submit()}
      maxWidth="sm"
    >
      {/* Every field of the form: Enter in one asks for rates, never buys (implicit submission is cancelled). */}
      <Stack spacing={2} onKeyDown={repriceOnEnter}>
        {rates.isError ? (
          <QueryError error={rates.error} fallback="Could not ask for rates." refetch={rates.refetch} />
        ) : null}
        {refusal ? <Alert severity="info">{refusal}</Alert> : null}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <TextField
            select
            label="Box"
            value={fields?.boxSizeId ?? ''}
            disabled={!fields}
            onChange={(change) =>
              fields &&
              reprice(
                withBox(
                  fields,
                  boxes.data?.find((box) => box.id === change.target.value),
                ),
              )
            }
            helperText={boxes.isError ? 'Could not load your boxes; enter the size below.' : ' '}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">Own size</MenuItem>
            {(boxes.data ?? []).map((box) => (
              <MenuItem key={box.id} value={box.id}>
                {box.name} ({box.length} × {box.width} × {box.height} in)
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Weight (g)"
            value={fields?.weight ?? ''}
            disabled={!fields}
            onChange={(change) => fields && setFields({ ...fields, weight: change.target.value })}
            error={Boolean(errors.weight)}
            helperText={errors.weight ?? (hint ? `Box included, ${hint}` : 'Box included')}
            slotProps={{
              htmlInput: { inputMode: 'numeric' },
              input: {
                // Only there when QZ Tray is connected and a default scale is set.
                endAdornment: (
                  <ReadScaleButton
                    adornment
                    disabled={!fields}
                    onWeight={(grams) => {
                      setErrors(({ weight: _, ...rest }) => rest);
                      if (fields) reprice({ ...fields, weight: String(grams) });
                    }}
                    onProblem={(message) => setErrors((current) => ({ ...current, weight: message }))}
                  />
                ),
              },
            }}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(3, 1fr)' }}>
          {DIMENSIONS.map(([name, label]) => (
            <TextField
              key={name}
              label={label}
              value={fields?.[name] ?? ''}
              disabled={!fields}
              onChange={(change) => fields && setFields({ ...fields, boxSizeId: '', [name]: change.target.value })}
              error={Boolean(errors[name])}
              helperText={errors[name] ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={event}
            aria-label="Label format"
            onChange={(_change, value: LabelEvent | null) => value && setEvent(value)}
          >
            <ToggleButton value="shipLabel">PDF</ToggleButton>
            <ToggleButton value="zpl">ZPL (thermal)</ToggleButton>
          </ToggleButtonGroup>
          <Button onClick={repriceTyped} disabled={!fields || rates.isFetching}>
            Update rates
          </Button>
        </Box>
        {defaults?.parcelProblem ? <Alert severity="info">{defaults.parcelProblem}</Alert> : null}
        <Typography variant="subtitle2" component="h3">
          Carrier service
        </Typography>
        <LabelRatesList
          priced={defaults !== null && !defaults.parcelProblem}
          rates={defaults?.rates ?? []}
          rateErrors={defaults?.rateErrors ?? []}
          loading={updating}
          selected={selected}
          locale={locale}
          onSelect={setSelected}
        />
      </Stack>
    </FormDialog>
  );
}
