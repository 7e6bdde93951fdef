import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { hrefs } from '@/config/paths';
import type { ActionForm } from './action-form';
import { packageTypeOptions } from './carrier-options';
import { currencySymbol } from './rule-units';
import type { RuleReferences } from './use-rule-references';

/**
 * The value inputs of the actions that choose from the seller's settings or need more than one input. What each
 * needs: the action's form, how to change it, the reference lists, its error.
 */
export interface ActionValueProps {
  form: ActionForm;
  onChange(form: ActionForm): void;
  refs: RuleReferences;
  error?: string | undefined;
}

/** A choice among a list filled in Settings; while the list is known to be empty, the way to fill it. */
function SettingsChoice({
  label,
  value,
  choices,
  empty,
  settingsTab,
  hint,
  error,
  onChange,
}: {
  label: string;
  value: string;
  /** Undefined while the list has not loaded. */
  choices: readonly { id: string; text: string }[] | undefined;
  /** What the list holds ('shipping methods') and the name of its tab ('Shipping methods'). */
  empty: { what: string; tab: string };
  settingsTab: string;
  hint?: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const list = choices ?? [];
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={list.some((choice) => choice.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={
        error ??
        (choices !== undefined && list.length === 0 ? (
          <>
            No {empty.what} yet: add them in{' '}
            <Link component={RouterLink} to={hrefs.settings(settingsTab)}>
              Settings &gt; {empty.tab}
            </Link>
            .
          </>
        ) : (
          hint
        ))
      }
    >
      {list.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The shipping method the order is set to, from those of Settings. */
export function ShipMethodInput({ form, onChange, refs, error }: ActionValueProps) {
  return (
    <SettingsChoice
      label="Shipping method"
      value={form.shipMethodId}
      choices={refs.shipMethods?.map((method) => ({ id: method.id, text: method.name }))}
      empty={{ what: 'shipping methods', tab: 'Shipping methods' }}
      settingsTab="shipping-methods"
      hint="Its carrier service follows the method’s mapping in Settings."
      error={error}
      onChange={(shipMethodId) => onChange({ ...form, shipMethodId })}
    />
  );
}

/** The box the order is packed in, from the seller's boxes. */
export function BoxInput({ form, onChange, refs, error }: ActionValueProps) {
  return (
    <SettingsChoice
      label="Box"
      value={form.boxSizeId}
      choices={refs.packageSizes?.boxSizes.map((box) => ({
        id: box.id,
        text: `${box.name} · ${box.length} × ${box.width} × ${box.height} in`,
      }))}
      empty={{ what: 'boxes', tab: 'Labels' }}
      settingsTab="labels"
      error={error}
      onChange={(boxSizeId) => onChange({ ...form, boxSizeId })}
    />
  );
}

/** The carrier's package type, grouped by carrier. */
export function PackageTypeInput({ form, onChange, refs, error }: ActionValueProps) {
  const set = (patch: Partial<ActionForm>) => onChange({ ...form, ...patch });
  const errorProps = { error: Boolean(error), helperText: error };
  const options = packageTypeOptions(refs.packageSizes, form.packageType);
  const items = [...new Set(options.map((o) => o.carrierName))].flatMap((carrier) => [
    <ListSubheader key={`group-${carrier}`}>{carrier}</ListSubheader>,
    ...options
      .filter((o) => o.carrierName === carrier)
      .map((o) => (
        <MenuItem key={o.key} value={o.key}>
          {o.name}
        </MenuItem>
      )),
  ]);
  return (
    <TextField
      select
      fullWidth
      label="Package type"
      value={options.some((o) => o.key === form.packageType) ? form.packageType : ''}
      onChange={(event) => set({ packageType: event.target.value })}
      {...errorProps}
    >
      {items}
    </TextField>
  );
}

/** The order total above which the shipment is insured, in the tenant’s currency. */
export function InsureInput({ form, onChange, refs, error }: ActionValueProps) {
  const set = (patch: Partial<ActionForm>) => onChange({ ...form, ...patch });
  return (
    <TextField
      fullWidth
      label="When the order total is over"
      value={form.above}
      onChange={(event) => set({ above: event.target.value })}
      error={Boolean(error)}
      helperText={error ?? '0 insures every shipment. It is insured for the order’s total.'}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">{currencySymbol(refs.form.currency, refs.form.locale)}</InputAdornment>
          ),
        },
        htmlInput: { inputMode: 'decimal' },
      }}
    />
  );
}

/** How long the order is held: some days after its date, or until a date. */
export function HoldInput({ form, onChange, error }: ActionValueProps) {
  const set = (patch: Partial<ActionForm>) => onChange({ ...form, ...patch });
  const errorProps = { error: Boolean(error), helperText: error };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={form.holdBy}
        onChange={(_event, holdBy: ActionForm['holdBy'] | null) => holdBy && set({ holdBy })}
        aria-label="Hold by"
        sx={{ mt: 1 }}
      >
        <ToggleButton value="days">For some days</ToggleButton>
        <ToggleButton value="date">Until a date</ToggleButton>
      </ToggleButtonGroup>
      {form.holdBy === 'date' ? (
        <TextField
          type="date"
          label="Hold until"
          value={form.holdDate}
          onChange={(event) => set({ holdDate: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 180px' }}
          {...errorProps}
        />
      ) : (
        <TextField
          label="Days after the order date"
          value={form.holdDays}
          onChange={(event) => set({ holdDays: event.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: '1 1 180px' }}
          {...errorProps}
        />
      )}
    </Box>
  );
}
