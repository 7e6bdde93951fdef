import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { lengthUnit, ruleValueShape, type RuleField } from '@shipdesk/contract';
import { readingText } from '@/lib/units';
import { ChoiceListInput } from './choice-list-input';
import { fieldQuantity, type ConditionForm } from './condition-form';
import { STATE_CHOICES, WEEKDAY_CHOICES, countryChoices, type Choice } from './rule-choices';
import { FIELD_META, rangeKind, type ChoiceSource } from './rule-fields';
import { currencySymbol } from './rule-units';
import type { RuleReferences } from './use-rule-references';

interface ConditionValueInputProps {
  form: ConditionForm;
  onChange(form: ConditionForm): void;
  refs: RuleReferences;
  error?: string | undefined;
}

const LIST_LABELS: Record<ChoiceSource, string> = {
  stores: 'Stores',
  countries: 'Countries',
  states: 'States or provinces',
  categories: 'Categories',
  hazardClasses: 'Hazard classes',
  weekdays: 'Days',
  free: 'Values',
};

const FREE_LIST_LABELS: Partial<Record<RuleField, { label: string; placeholder: string }>> = {
  sku: { label: 'SKUs', placeholder: 'Type a SKU, then Enter' },
  tags: { label: 'Tags', placeholder: 'Type a tag, then Enter' },
  postalCode: { label: 'Postal code prefixes', placeholder: 'e.g. 995, 996' },
  requestedService: { label: 'Requested services', placeholder: 'e.g. Free Shipping' },
};

function listChoices(source: ChoiceSource, refs: RuleReferences): readonly Choice[] {
  switch (source) {
    case 'stores':
      return refs.stores;
    case 'countries':
      return countryChoices();
    case 'states':
      return STATE_CHOICES;
    case 'categories':
      return refs.categories;
    case 'hazardClasses':
      return refs.hazardClasses;
    case 'weekdays':
      return WEEKDAY_CHOICES;
    default:
      return [];
  }
}

function NumberInput({
  form,
  onChange,
  refs,
  which,
  label,
  error,
  describedBy,
}: ConditionValueInputProps & { which: 'text' | 'to'; label: string; describedBy?: string }) {
  const unit = FIELD_META[form.field].number;
  const { units } = refs.form;
  // A weight's text names its units ('2 lb 3.5 oz', '850 g'); a size is a number in the tenant's unit, named at the end.
  const adornment =
    unit === 'money' ? (
      <InputAdornment position="start">{currencySymbol(refs.form.currency, refs.form.locale)}</InputAdornment>
    ) : unit === 'inches' ? (
      <InputAdornment position="end">{lengthUnit(units)}</InputAdornment>
    ) : null;
  const quantity = fieldQuantity(form.field);
  // How a typed weight or size was read ('= 2 lb', as a bare number is in pounds or kilograms) before it is saved.
  const reading =
    quantity && form[which].trim() !== ''
      ? readingText({ stored: form.stored[which], typed: form[which] }, quantity, units)
      : null;
  return (
    <TextField
      label={label}
      value={form[which]}
      onChange={(event) => onChange({ ...form, [which]: event.target.value })}
      error={Boolean(error)}
      helperText={reading}
      placeholder={unit === 'weight' ? (units === 'imperial' ? 'e.g. 2 lb 8 oz' : 'e.g. 1.2 kg') : undefined}
      fullWidth
      slotProps={{
        input: adornment ? { [unit === 'money' ? 'startAdornment' : 'endAdornment']: adornment } : undefined,
        htmlInput: {
          inputMode: unit === 'count' ? 'numeric' : unit === 'weight' ? 'text' : 'decimal',
          'aria-describedby': describedBy,
        },
      }}
    />
  );
}

function EndInput(props: ConditionValueInputProps & { which: 'text' | 'to'; label: string; describedBy?: string }) {
  const { form, onChange, which, label, error, describedBy } = props;
  const kind =
    ruleValueShape(form.field, form.operator) === 'range'
      ? rangeKind(form.field)
      : ruleValueShape(form.field, form.operator);
  if (kind === 'date' || kind === 'time') {
    return (
      <TextField
        type={kind}
        label={label}
        value={form[which]}
        onChange={(event) => onChange({ ...form, [which]: event.target.value })}
        error={Boolean(error)}
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': describedBy } }}
      />
    );
  }
  return <NumberInput {...props} />;
}

/** The value of a condition, as its field and operator take it. */
export function ConditionValueInput(props: ConditionValueInputProps) {
  const { form, onChange, refs, error } = props;
  const errorId = useId();
  const meta = FIELD_META[form.field];
  const shape = ruleValueShape(form.field, form.operator);

  switch (shape) {
    case 'none':
      return null;
    case 'boolean': {
      const text = (form.flag ? meta.yes : meta.no) ?? (form.flag ? 'Yes' : 'No');
      return (
        <FormControlLabel
          sx={{ minHeight: 56, ml: 0 }}
          control={
            <Switch checked={form.flag} onChange={(event) => onChange({ ...form, flag: event.target.checked })} />
          }
          label={`${text[0]!.toUpperCase()}${text.slice(1)}`}
        />
      );
    }
    case 'list': {
      const source = meta.choices ?? 'free';
      const free = FREE_LIST_LABELS[form.field];
      return (
        <ChoiceListInput
          label={free?.label ?? LIST_LABELS[source]}
          placeholder={free?.placeholder}
          values={form.list}
          onChange={(list) => onChange({ ...form, list })}
          choices={listChoices(source, refs)}
          free={source === 'free' || source === 'states' || source === 'categories'}
          upper={source === 'countries' || source === 'states'}
          loading={source === 'categories' && refs.categoriesLoading}
          error={error}
          helperText={meta.help}
        />
      );
    }
    case 'text':
    case 'pattern':
      return (
        <TextField
          label={shape === 'pattern' ? 'Pattern' : 'Text'}
          value={form.text}
          onChange={(event) => onChange({ ...form, text: event.target.value })}
          error={Boolean(error)}
          helperText={error ?? (shape === 'pattern' ? 'A regular expression, such as ^BAT-' : meta.help)}
          fullWidth
          slotProps={{
            htmlInput: shape === 'pattern' ? { spellCheck: false, style: { fontFamily: 'monospace' } } : {},
          }}
        />
      );
    case 'range':
      return (
        <Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <EndInput {...props} which="text" label="From" describedBy={error ? errorId : undefined} />
            <EndInput {...props} which="to" label="To" describedBy={error ? errorId : undefined} />
          </Box>
          {error ? (
            <FormHelperText id={errorId} error sx={{ mx: 1.75 }}>
              {error}
            </FormHelperText>
          ) : null}
        </Box>
      );
    default:
      return (
        <Box>
          <EndInput {...props} which="text" label={meta.label} describedBy={error || meta.help ? errorId : undefined} />
          {error || meta.help ? (
            <FormHelperText id={errorId} error={Boolean(error)} sx={{ mx: 1.75 }}>
              {error ?? meta.help}
            </FormHelperText>
          ) : null}
        </Box>
      );
  }
}
