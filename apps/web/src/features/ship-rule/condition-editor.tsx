import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { operatorWords, type RuleField, type RuleOperator } from '@shipdesk/contract';
import { withField, withOperator, type ConditionForm } from './condition-form';
import { ConditionValueInput } from './condition-value-input';
import { FIELD_GROUPS, FIELD_META, fieldOperators, fieldsOfGroup } from './rule-fields';
import type { RuleReferences } from './use-rule-references';

interface ConditionEditorProps {
  index: number;
  form: ConditionForm;
  onChange(form: ConditionForm): void;
  onRemove(): void;
  refs: RuleReferences;
  error?: string | undefined;
}

// Flattened, because a Select takes its options (and their group headings) as direct children.
const FIELD_ITEMS = FIELD_GROUPS.flatMap((group) => [
  <ListSubheader key={`group-${group}`}>{group}</ListSubheader>,
  ...fieldsOfGroup(group).map((field) => (
    <MenuItem key={field} value={field}>
      {FIELD_META[field].label}
    </MenuItem>
  )),
]);

/** One condition: the order fact, how it is compared, and the value it is compared with. */
export function ConditionEditor({ index, form, onChange, onRemove, refs, error }: ConditionEditorProps) {
  const label = `Condition ${index + 1}`;
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: '200px 180px minmax(0, 1fr) auto' },
        gridTemplateAreas: {
          xs: '"field remove" "operator operator" "value value"',
          md: '"field operator value remove"',
        },
        gap: 1.5,
        alignItems: 'start',
      }}
    >
      <TextField
        select
        label="Field"
        value={form.field}
        onChange={(event) => onChange(withField(form, event.target.value as RuleField))}
        sx={{ gridArea: 'field' }}
      >
        {FIELD_ITEMS}
      </TextField>
      <TextField
        select
        label="Comparison"
        value={form.operator}
        onChange={(event) => onChange(withOperator(form, event.target.value as RuleOperator))}
        sx={{ gridArea: 'operator' }}
      >
        {fieldOperators(form.field).map((operator) => (
          <MenuItem key={operator} value={operator}>
            {operatorWords(form.field, operator)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridArea: 'value', minWidth: 0 }}>
        <ConditionValueInput form={form} onChange={onChange} refs={refs} error={error} />
      </Box>
      <Box sx={{ gridArea: 'remove', pt: 1 }}>
        <RemoveButton label={label} onRemove={onRemove} />
      </Box>
    </Box>
  );
}

function RemoveButton({ label, onRemove }: { label: string; onRemove(): void }) {
  return (
    <Tooltip title="Remove">
      <IconButton aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
        <DeleteOutlined />
      </IconButton>
    </Tooltip>
  );
}
