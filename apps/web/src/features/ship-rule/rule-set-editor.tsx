import { useCallback, useState } from 'react';
import { useBeforeUnload, useBlocker } from 'react-router';
import Typography from '@mui/material/Typography';
import { ALL_STORES_SCOPE, Role, type RuleSet, type ShippingRule } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { selectUserRoleId, useAppSelector } from '@/lib/store-hooks';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { DryRunDialog } from './dry-run-dialog';
import { duplicateRule, moveRule, putRule, removeRule, setEnabled } from './rule-draft';
import { RuleEditorDialog } from './rule-editor-dialog';
import { RuleList } from './rule-list';
import { NoRulesYet } from './rule-set-empty-state';
import { RuleSetNotices } from './rule-set-notices';
import { RuleSetPicker, RuleSetToolbar, versionText } from './rule-set-toolbar';
import { useRuleReferences } from './use-rule-references';
import { useRuleSetDraft } from './use-rule-set-draft';
import { VersionHistoryDialog } from './version-history-dialog';

interface RuleSetEditorProps {
  set: RuleSet;
  sets: readonly RuleSet[];
  onSelect(scope: string): void;
  /** Asks for the sets again and answers this one as it is saved now. */
  reload(): Promise<RuleSet | undefined>;
}

type Editing = { rule?: ShippingRule; position: number } | null;

/**
 * One rule set on the page: its header (with the set picker), the commands, what went wrong with the last save, the
 * ordered rules, and the dialogs (rule editor, test, history). Leaving with unsaved changes (another set, another
 * page, closing the tab) asks first.
 */
export function RuleSetEditor({ set, sets, onSelect, reload }: RuleSetEditorProps) {
  const refs = useRuleReferences(sets);
  const draft = useRuleSetDraft(set, reload);
  const timeZone = useTenantTimeZone();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ShippingRule | null>(null);
  const [dialog, setDialog] = useState<'test' | 'history' | null>(null);
  const { dirty, rules, errors } = draft;
  // Managers read the rules (the server refuses their saves and tests); Admins change them.
  const roleId = useAppSelector(selectUserRoleId);
  const canEdit = roleId === Role.Admin || roleId === Role.SuperAdmin;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (dirty) event.preventDefault();
      },
      [dirty],
    ),
  );

  const addRule = () => setEditing({ position: rules.length + 1 });
  const noMethods = refs.shipMethods !== undefined && refs.shipMethods.length === 0;

  return (
    <>
      <PageHeader
        title="Ship Rule"
        subtitle={versionText(set, timeZone)}
        actions={<RuleSetPicker sets={sets} scope={set.scope} onSelect={onSelect} />}
      />
      <RuleSetToolbar
        ruleCount={rules.length}
        dirty={dirty}
        saving={draft.saving}
        onAdd={addRule}
        onTest={() => setDialog('test')}
        onHistory={() => setDialog('history')}
        onDiscard={draft.discard}
        onSave={() => void draft.save()}
        readOnly={!canEdit}
      />
      <RuleSetNotices set={set} draft={draft} timeZone={timeZone} />
      {rules.length === 0 ? (
        <NoRulesYet storeName={set.storeName} canEdit={canEdit} noMethods={noMethods} onAdd={addRule} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {set.scope === ALL_STORES_SCOPE
              ? 'These rules run on every store’s orders, after the store’s own rules.'
              : `These rules run on ${set.storeName}’s orders first, then the all-stores rules.`}{' '}
            Top to bottom: the first rule that sets something decides it; tags and notes add up. What a person sets by
            hand on an order always wins.
          </Typography>
          <RuleList
            label={`Rules for ${set.storeName}`}
            rules={rules}
            words={refs.words}
            errors={errors}
            onMove={(from, to) => draft.change((current) => moveRule(current, from, to))}
            onToggle={(id, enabled) => draft.change((current) => setEnabled(current, id, enabled), id)}
            onEdit={(rule) => setEditing({ rule, position: rules.indexOf(rule) + 1 })}
            onDuplicate={(index) => draft.change((current) => duplicateRule(current, index))}
            onDelete={setDeleting}
            readOnly={!canEdit}
          />
        </>
      )}

      {editing ? (
        <RuleEditorDialog
          rule={editing.rule}
          position={editing.position}
          serverErrors={editing.rule ? errors.byRule[editing.rule.id] : undefined}
          refs={refs}
          onApply={(rule) => draft.change((current) => putRule(current, rule), rule.id)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this rule?"
        message={`“${deleting?.name ?? ''}” leaves your draft. It is gone for good when you save; Discard brings it back until then.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) draft.change((current) => removeRule(current, deleting.id), deleting.id);
          setDeleting(null);
        }}
      />
      {dialog === 'test' ? (
        <DryRunDialog scope={set.scope} storeName={set.storeName} rules={rules} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'history' ? (
        <VersionHistoryDialog
          scope={set.scope}
          storeName={set.storeName}
          rules={rules}
          baseVersion={draft.baseVersion}
          words={refs.words}
          onRestore={canEdit ? draft.restore : undefined}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        message={`Your changes to the rules for ${set.storeName} are not saved. If you leave, they are lost.`}
        confirmLabel="Leave"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </>
  );
}
