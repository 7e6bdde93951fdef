import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { RULE_LIMITS, type RuleActionType, type SignatureKind } from '@shipdesk/contract';
import { newActionForm, type ActionForm } from './action-form';
import {
  BoxInput,
  HoldInput,
  InsureInput,
  PackageTypeInput,
  ShipMethodInput,
  type ActionValueProps,
} from './action-value-inputs';
import { serviceOptions } from './carrier-options';
import { ACTION_LABELS, ACTION_TYPES, REPEATABLE_ACTIONS } from './rule-fields';
import { ServicePicker } from './service-picker';
import type { RuleReferences } from './use-rule-references';

interface ActionEditorProps {
  index: number;
  form: ActionForm;
  onChange(form: ActionForm): void;
  onRemove(): void;
  refs: RuleReferences;
  /** Types other actions of the rule use already (each is set once; tags and notes add up). */
  taken: ReadonlySet<RuleActionType>;
  error?: string | undefined;
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

/** The value inputs of the action's type: those that choose from the settings live in action-value-inputs. */
function ActionValue(props: ActionValueProps) {
  const { form, onChange, refs, error } = props;
  const set = (patch: Partial<ActionForm>) => onChange({ ...form, ...patch });
  const errorProps = { error: Boolean(error), helperText: error };
  switch (form.type) {
    case 'setShipMethod':
      return <ShipMethodInput {...props} />;
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
    case 'setBox':
      return <BoxInput {...props} />;
    case 'setPackageType':
      return <PackageTypeInput {...props} />;
    case 'insure':
      return <InsureInput {...props} />;
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
      return <HoldInput {...props} />;
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
