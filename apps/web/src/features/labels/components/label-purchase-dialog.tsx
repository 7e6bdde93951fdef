import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ShippingLabel } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { QueryError } from '@/components/query-error';
import { apiErrorMessage, apiFieldErrors } from '@/lib/errors';
import { formatMoney } from '@/lib/format';
import { useBuyLabelMutation, type LabelEvent } from '../api/labels-api';
import { useCustomsPurchase, useLabelCustoms } from '../hooks/use-label-customs';
import { useLabelQuote } from '../hooks/use-label-quote';
import { LabelCustomsFields } from './label-customs-fields';
import { LabelOptionsFields } from './label-options-fields';
import { LabelParcelFields } from './label-parcel-fields';
import { LabelRatesList } from './label-rates-list';

interface LabelPurchaseDialogProps {
  orderId: string;
  orderNumber: string;
  deliveryId: string;
  /** The tenant's label type (Settings > Labels): PDF or ZPL first. */
  initialEvent: LabelEvent;
  locale: string;
  onClose(): void;
  onBought(label: ShippingLabel): void;
}

/**
 * Buying a label for one delivery: its parcel (box, weight, dimensions), its options (insured value, whose insurance,
 * signature: the order's unless changed here), the customs declaration when the shipment needs one (prefilled; the
 * server judges it at purchase), the label format, and the rates of every connected carrier service that can take
 * them, priced with the options (a service left out says why); the mapped service is chosen first. One purchase per
 * choice, however often Buy is pressed (one Idempotency-Key per choice).
 */
export function LabelPurchaseDialog(props: LabelPurchaseDialogProps) {
  const { orderId, orderNumber, deliveryId, locale, onClose, onBought } = props;
  const quote = useLabelQuote(orderId, deliveryId, props.initialEvent);
  const { event, fields, parcel, fresh, updating, choice, body, rates, defaults } = quote;
  const [failure, setFailure] = useState<string | null>(null);
  const [buy, buying] = useBuyLabelMutation();
  // The declaration when the shipment needs one (the quote's draft as edited): sent with the purchase.
  const customs = useLabelCustoms(defaults ? defaults.customs : undefined);
  const { purchase, idempotencyKey } = useCustomsPurchase(body, customs.declaration, event);

  const submit = async () => {
    if (!fields || !parcel) return;
    if (parcel.errors) return quote.setErrors(parcel.errors);
    quote.setErrors({});
    if (quote.checkedOptions?.errors) return quote.setOptionErrors(quote.checkedOptions.errors);
    quote.setOptionErrors({});
    if (!customs.check()) return setFailure('Check the customs declaration: a value or weight is not a number.');
    if (!fresh) return;
    if (!purchase) return setFailure('Choose a carrier service.');
    setFailure(null);
    try {
      const result = await buy({ orderId, event, body: purchase, idempotencyKey }).unwrap();
      toast.success(
        `Label bought: ${result.label?.serviceName ?? 'label'}, tracking ${result.label?.trackingNumber ?? ''}.`,
      );
      if (result.label) onBought(result.label);
      else onClose();
    } catch (error) {
      // A carrier's refusal (a service that cannot carry the signature) in its own words, at the top of the form;
      // a value the carrier does not insure at the insured value too.
      const fieldErrors = apiFieldErrors(error);
      const insured = fieldErrors['label.options.insuredValue'];
      if (insured) quote.setOptionErrors({ insuredValue: insured });
      // The declaration's problems show under its fields (the section opens); the top of the form says where.
      if (customs.showServerErrors(fieldErrors)) setFailure('Customs need changes: see the fields marked below.');
      else setFailure(apiErrorMessage(error, 'The label could not be bought.'));
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
      <Stack spacing={2} onKeyDown={quote.repriceOnEnter}>
        {rates.isError ? (
          <QueryError error={rates.error} fallback="Could not ask for rates." refetch={rates.refetch} />
        ) : null}
        {quote.refusal ? <Alert severity="info">{quote.refusal}</Alert> : null}
        <LabelParcelFields
          fields={fields}
          errors={quote.errors}
          setErrors={quote.setErrors}
          onEdit={quote.setFields}
          onReprice={quote.reprice}
        />
        <LabelOptionsFields
          options={quote.options}
          errors={quote.optionErrors}
          insuranceChoice={quote.insuranceChoice}
          onEdit={quote.setOptions}
          onReprice={quote.repriceOptions}
        />
        {customs.fields ? (
          <LabelCustomsFields
            fields={customs.fields}
            errors={customs.errors}
            expanded={customs.expanded}
            onExpand={customs.setExpanded}
            onEdit={customs.edit}
            locale={locale}
          />
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={event}
            aria-label="Label format"
            onChange={(_change, value: LabelEvent | null) => value && quote.setEvent(value)}
          >
            <ToggleButton value="shipLabel">PDF</ToggleButton>
            <ToggleButton value="zpl">ZPL (thermal)</ToggleButton>
          </ToggleButtonGroup>
          <Button onClick={quote.repriceTyped} disabled={!fields || rates.isFetching}>
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
          selected={quote.selected}
          locale={locale}
          onSelect={quote.setSelected}
        />
      </Stack>
    </FormDialog>
  );
}
