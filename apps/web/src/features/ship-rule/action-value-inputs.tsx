import type { ReactNode } from 'react';
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

/** A link to the tab of Settings where a list that rules choose from is filled. */
function SettingsLink({ tab, children }: { tab: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={hrefs.settings(tab)}>
      {children}
    </Link>
  );
}

/** The shipping method the order is set to, from those of Settings. */
export function ShipMethodInput({ form, onChange, refs, error }: ActionValueProps) {
  const set = (patch: Partial<ActionForm>) => onChange({ ...form, ...patch });
  const methods = refs.shipMethods ?? [];
  const none = refs.shipMethods !== undefined && methods.length === 0;
  return (
    <TextField
      select
      fullWidth
      label="Shipping method"
      value={methods.some((m) => m.id === form.shipMethodId) ? form.shipMethodId : ''}
      onChange={(event) => set({ shipMethodId: event.target.value })}
      error={Boolean(error)}
      helperText={
        error ??
        (none ? (
          <>
            No shipping methods yet: add them in{' '}
            <SettingsLink tab="shipping-methods">Settings &gt; Shipping methods</SettingsLink>.
          </>
        ) : (
          'Its carrier service follows the method’s mapping in Settings.'
        ))
      }
    >
      {methods.map((method) => (
        <MenuItem key={method.id} value={method.id}>
          {method.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The box the order is packed in, from the seller's boxes. */
export function BoxInput({ form, onChange, refs, error }: ActionValueProps) {
  const set = (patch: Partial<ActionForm>) => onChange({ ...form, ...patch });
  const boxes = refs.packageSizes?.boxSizes ?? [];
  return (
    <TextField
      select
      fullWidth
      label="Box"
      value={boxes.some((b) => b.id === form.boxSizeId) ? form.boxSizeId : ''}
      onChange={(event) => set({ boxSizeId: event.target.value })}
      error={Boolean(error)}
      helperText={
        error ??
        (refs.packageSizes && boxes.length === 0 ? (
          <>
            No boxes yet: add them in <SettingsLink tab="labels">Settings &gt; Labels</SettingsLink>.
          </>
        ) : undefined)
      }
    >
      {boxes.map((box) => (
        <MenuItem key={box.id} value={box.id}>
          {box.name} · {box.length} × {box.width} × {box.height} in
        </MenuItem>
      ))}
    </TextField>
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
