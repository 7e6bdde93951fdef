import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { RULE_LIMITS, type RuleActionType, type SignatureKind } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { newActionForm, type ActionForm } from './action-form';
import { packageTypeOptions, serviceOptions } from './carrier-options';
import { ACTION_LABELS, ACTION_TYPES, REPEATABLE_ACTIONS } from './rule-fields';
import { currencySymbol } from './rule-units';
import { ServicePicker } from './service-picker';
import type { RuleReferences } from './use-rule-references';

export interface ActionEditorProps {
  index: number;
  form: ActionForm;
  onChange(form: ActionForm): void;
  onRemove(): void;
  refs: RuleReferences;
  /** Types other actions of the rule use already (each is set once; tags and notes add up). */
  taken: ReadonlySet<RuleActionType>;
  error?: string | undefined;
}

function SettingsLink({ tab, children }: { tab: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={hrefs.settings(tab)}>
      {children}
    </Link>
  );
}

/** One action: what the rule does when it matches, and the one or two values it needs. */
export function ActionEditor({ index, form, onChange, onRemove, refs, taken, error }: ActionEditorProps) {
  const label = `Action ${index + 1}`;
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: '260px minmax(0, 1fr) auto' },
        gridTemplateAreas: { xs: '"type remove" "value value"', md: '"type value remove"' },
        gap: 1.5,
        alignItems: 'start',
      }}
    >
      <TextField
        select
        label="Action"
        value={form.type}
        onChange={(event) => onChange({ ...newActionForm(event.target.value as RuleActionType), key: form.key })}
        sx={{ gridArea: 'type' }}
      >
        {ACTION_TYPES.map((type) => (
          <MenuItem
            key={type}
            value={type}
            disabled={type !== form.type && taken.has(type) && !REPEATABLE_ACTIONS.has(type)}
          >
            {ACTION_LABELS[type]}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridArea: 'value', minWidth: 0 }}>
        <ActionValue form={form} onChange={onChange} refs={refs} error={error} />
      </Box>
      <Box sx={{ gridArea: 'remove', pt: 1 }}>
        <Tooltip title="Remove">
          <IconButton aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
            <DeleteOutlined />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

type ValueProps = Pick<ActionEditorProps, 'form' | 'onChange' | 'refs' | 'error'>;

function ActionValue({ form, onChange, refs, error }: ValueProps) {
  const set = (patch: Partial<ActionForm>) => onChange({ ...form, ...patch });
  const errorProps = { error: Boolean(error), helperText: error };
  switch (form.type) {
    case 'setShipMethod': {
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
    case 'setCarrierService':
      return (
        <ServicePicker
          label="Carrier service"
          options={serviceOptions(refs.catalogue, [form.service])}
          loading={refs.catalogueLoading}
          value={form.service}
          onChange={(service) => set({ service })}
          error={error}
          helperText="Carriers appear here once their account passes its connection test."
        />
      );
    case 'cheapestService':
      return (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 150px' }, gap: 1.5 }}>
          <ServicePicker
            multiple
            label="Compare these services"
            options={serviceOptions(refs.catalogue, form.services)}
            loading={refs.catalogueLoading}
            value={form.services}
            onChange={(services) => set({ services })}
            error={error}
            helperText="The cheapest rate among them is chosen when the order is rated."
          />
          <TextField
            label="Within days"
            value={form.withinDays}
            onChange={(event) => set({ withinDays: event.target.value })}
            helperText="Empty: any"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
      );
    case 'setBox': {
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
    case 'setPackageType': {
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
    case 'insure':
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
    case 'requireSignature':
      return (
        <TextField
          select
          fullWidth
          label="Signature"
          value={form.signature}
          onChange={(event) => set({ signature: event.target.value as SignatureKind })}
        >
          <MenuItem value="standard">Signature</MenuItem>
          <MenuItem value="adult">Adult signature</MenuItem>
        </TextField>
      );
    case 'holdUntil':
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
    case 'addTag':
      return (
        <TextField
          fullWidth
          label="Tag"
          value={form.tag}
          onChange={(event) => set({ tag: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 50 } }}
          {...errorProps}
        />
      );
    case 'addNote':
      return (
        <TextField
          fullWidth
          multiline
          minRows={2}
          label="Note"
          value={form.note}
          onChange={(event) => set({ note: event.target.value })}
          slotProps={{ htmlInput: { maxLength: RULE_LIMITS.note } }}
          {...errorProps}
        />
      );
  }
}
