import { useState, type ReactNode } from 'react';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { RULE_LIMITS, type RuleActionType, type ShippingRule } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { ActionEditor } from './action-editor';
import { newActionForm, type ActionForm } from './action-form';
import { ConditionEditor } from './condition-editor';
import { newConditionForm, type ConditionForm } from './condition-form';
import { ACTION_TYPES, REPEATABLE_ACTIONS } from './rule-fields';
import {
  actionErrorKey,
  conditionErrorKey,
  formToRule,
  newRuleForm,
  ruleToForm,
  serverErrorsToForm,
  type FormErrors,
  type RuleForm,
} from './rule-form';
import type { RuleReferences } from './use-rule-references';

export interface RuleEditorDialogProps {
  /** The rule being changed; without it a new one is made. */
  rule?: ShippingRule;
  /** 1-based place of the rule in the list (of the new rule: at the end). */
  position: number;
  /** What the server said about this rule when the set was last refused, by path inside the rule. */
  serverErrors?: Readonly<Record<string, string>>;
  refs: RuleReferences;
  onApply(rule: ShippingRule): void;
  onClose(): void;
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

function Joiner({ word }: { word: string }) {
  return (
    <Divider textAlign="left" sx={{ my: 1, '&::before': { width: 24 } }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, letterSpacing: 1 }}>
        {word}
      </Typography>
    </Divider>
  );
}

/**
 * The editor of one rule. It changes the page's draft only ("Done"); the set is saved from the page. What the client
 * can check (a value missing, a range backwards, a pattern that does not compile) is shown beside its row before the
 * dialog closes, and the server's messages of the last refused save are shown at the same places.
 */
export function RuleEditorDialog({ rule, position, serverErrors, refs, onApply, onClose }: RuleEditorDialogProps) {
  const [form, setForm] = useState<RuleForm>(() => (rule ? ruleToForm(rule, refs.form) : newRuleForm()));
  const [errors, setErrors] = useState<FormErrors>(() => (serverErrors ? serverErrorsToForm(serverErrors, form) : {}));
  const clear = (...keys: string[]) =>
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });

  const update = (patch: Partial<RuleForm>) => setForm((current) => ({ ...current, ...patch }));
  const putCondition = (index: number, condition: ConditionForm) => {
    update({ conditions: form.conditions.map((c, i) => (i === index ? condition : c)) });
    clear(conditionErrorKey(condition), 'rule');
  };
  const putAction = (index: number, action: ActionForm) => {
    update({ actions: form.actions.map((a, i) => (i === index ? action : a)) });
    clear(actionErrorKey(action), 'actions');
  };
  const taken = new Set<RuleActionType>(form.actions.map((a) => a.type));
  const nextActionType = ACTION_TYPES.find((type) => !taken.has(type) || REPEATABLE_ACTIONS.has(type));

  const submit = () => {
    const built = formToRule(form, refs.form);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    onApply(built.rule);
    onClose();
  };
  const rowErrors = Object.keys(errors).filter((key) => key !== 'rule').length;

  return (
    <FormDialog
      open
      title={rule ? `Edit rule ${position}` : 'New rule'}
      message="Changes go into your draft of the rules; nothing is saved until you press Save on the page."
      onCancel={onClose}
      onSubmit={submit}
      submitLabel="Done"
      error={
        errors.rule ?? (rowErrors > 0 ? 'Some values are missing or not valid: see the highlighted fields.' : null)
      }
      maxWidth="md"
    >
      {refs.failed.length > 0 ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => refs.failed.forEach((f) => f.retry())}>
              Retry
            </Button>
          }
        >
          Some choices could not be loaded: {refs.failed.map((f) => f.what).join(', ')}.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          label="Rule name"
          required
          value={form.name}
          onChange={(event) => {
            update({ name: event.target.value });
            clear('name');
          }}
          error={Boolean(errors.name)}
          helperText={errors.name ?? 'Say what it is for, such as “Heavy parcels go UPS Ground”.'}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: '1 1 320px' }}
          autoFocus={!rule}
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Switch checked={form.enabled} onChange={(event) => update({ enabled: event.target.checked })} />}
          label={form.enabled ? 'On' : 'Off'}
        />
      </Box>
      <Divider />
      <Section
        title="Conditions"
        action={
          <ToggleButtonGroup
            exclusive
            size="small"
            value={form.match}
            disabled={form.conditions.length < 2}
            onChange={(_event, match: RuleForm['match'] | null) => match && update({ match })}
            aria-label="Match"
          >
            <ToggleButton value="all">All must hold</ToggleButton>
            <ToggleButton value="any">Any may hold</ToggleButton>
          </ToggleButtonGroup>
        }
      >
        {form.conditions.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            No conditions: the rule applies to every order.
          </Typography>
        ) : (
          form.conditions.map((condition, index) => (
            <Box key={condition.key}>
              {index > 0 ? <Joiner word={form.match === 'all' ? 'AND' : 'OR'} /> : null}
              <ConditionEditor
                index={index}
                form={condition}
                onChange={(next) => putCondition(index, next)}
                onRemove={() => {
                  update({ conditions: form.conditions.filter((_c, i) => i !== index) });
                  clear(conditionErrorKey(condition));
                }}
                refs={refs}
                error={errors[conditionErrorKey(condition)]}
              />
            </Box>
          ))
        )}
        <Button
          startIcon={<AddOutlined />}
          onClick={() => update({ conditions: [...form.conditions, newConditionForm()] })}
          disabled={form.conditions.length >= RULE_LIMITS.conditionsPerRule}
          sx={{ mt: 1 }}
        >
          Add condition
        </Button>
      </Section>
      <Divider />
      <Section title="Actions">
        {form.actions.map((action, index) => (
          <Box key={action.key} sx={{ mb: 2 }}>
            <ActionEditor
              index={index}
              form={action}
              onChange={(next) => putAction(index, next)}
              onRemove={() => {
                update({ actions: form.actions.filter((_a, i) => i !== index) });
                clear(actionErrorKey(action));
              }}
              refs={refs}
              taken={taken}
              error={errors[actionErrorKey(action)]}
            />
          </Box>
        ))}
        {errors.actions ? <FormHelperText error>{errors.actions}</FormHelperText> : null}
        <Button
          startIcon={<AddOutlined />}
          onClick={() => {
            if (nextActionType) update({ actions: [...form.actions, newActionForm(nextActionType)] });
            clear('actions');
          }}
          disabled={!nextActionType || form.actions.length >= RULE_LIMITS.actionsPerRule}
        >
          Add action
        </Button>
      </Section>
      <Divider />
      <Box>
        <FormControlLabel
          control={<Switch checked={form.stop} onChange={(event) => update({ stop: event.target.checked })} />}
          label="Stop here"
        />
        <FormHelperText sx={{ mt: 0 }}>
          When this rule matches, no later rule runs, the all-stores rules included.
        </FormHelperText>
      </Box>
    </FormDialog>
  );
}
