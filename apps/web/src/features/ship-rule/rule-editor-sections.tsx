import type { ReactNode } from 'react';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { RULE_LIMITS, type RuleActionType } from '@shipdesk/contract';
import { ActionEditor } from './action-editor';
import { newActionForm, type ActionForm } from './action-form';
import { ConditionEditor } from './condition-editor';
import { newConditionForm, type ConditionForm } from './condition-form';
import { ACTION_TYPES, REPEATABLE_ACTIONS } from './rule-fields';
import { actionErrorKey, conditionErrorKey, type FormErrors, type RuleForm } from './rule-form';
import type { RuleReferences } from './use-rule-references';

/** What a section of the rule editor works on: the rule's form and its errors. */
interface RuleSectionProps {
  form: RuleForm;
  update(patch: Partial<RuleForm>): void;
  /** Forgets the errors at these keys (their rows changed). */
  clear(...keys: string[]): void;
  errors: FormErrors;
  refs: RuleReferences;
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

/** What the rule tests, all or any of the conditions; none: every order. */
export function RuleConditionsSection({ form, update, clear, errors, refs }: RuleSectionProps) {
  const putCondition = (index: number, condition: ConditionForm) => {
    update({ conditions: form.conditions.map((c, i) => (i === index ? condition : c)) });
    clear(conditionErrorKey(condition), 'rule');
  };
  return (
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
  );
}

/** What the rule does when it matches; each action type once, tags and notes as often as wanted. */
export function RuleActionsSection({ form, update, clear, errors, refs }: RuleSectionProps) {
  const putAction = (index: number, action: ActionForm) => {
    update({ actions: form.actions.map((a, i) => (i === index ? action : a)) });
    clear(actionErrorKey(action), 'actions');
  };
  const taken = new Set<RuleActionType>(form.actions.map((a) => a.type));
  const nextActionType = ACTION_TYPES.find((type) => !taken.has(type) || REPEATABLE_ACTIONS.has(type));
  return (
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
  );
}
