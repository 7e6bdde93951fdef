import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ShippingRule } from '@shipdesk/contract';
import { FormDialog } from '@/components/form-dialog';
import { RuleActionsSection, RuleConditionsSection } from './rule-editor-sections';
import { formToRule, newRuleForm, ruleToForm, serverErrorsToForm, type FormErrors, type RuleForm } from './rule-form';
import type { RuleReferences } from './use-rule-references';

interface RuleEditorDialogProps {
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
  const section = { form, update, clear, errors, refs };

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
      <RuleConditionsSection {...section} />
      <Divider />
      <RuleActionsSection {...section} />
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
