import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast/toast';
import type { RuleSet, ShippingRule } from '@shipdesk/contract';
import { apiErrorMessage, apiErrorReason, apiFieldErrors, isApiError } from '@/lib/errors';
import { sameRules } from './rule-draft';
import { NO_SAVE_ERRORS, ruleErrors, type SaveErrors } from './rule-errors';
import { useSaveRuleSetMutation } from './ship-rule-api';

/** The saved set the draft started from: its version is what a save sends, so a save over someone else's is refused. */
interface Base {
  version: number;
  rules: ShippingRule[];
}

export interface RuleSetDraft {
  rules: ShippingRule[];
  baseVersion: number;
  dirty: boolean;
  saving: boolean;
  /** The last save was refused because someone saved the set meanwhile. */
  conflict: boolean;
  /** A newer saved version than the draft's base, seen while the draft has changes of its own. */
  newer: RuleSet | null;
  errors: SaveErrors;
  /** What just happened to the draft that is worth a line above the list (a restored version, a reload). */
  notice: string | null;
  dismissNotice(): void;
  change(update: (rules: ShippingRule[]) => ShippingRule[], touched?: string): void;
  save(): Promise<void>;
  discard(): void;
  /** Builds the draft on the newest saved version, keeping the draft's rules. */
  reload(): Promise<void>;
  restore(version: RuleSet): void;
}

/**
 * The draft of one rule set: edits change it locally; Save sends the whole set with the version it started from.
 * A refused save keeps the draft as it is: a stale version (409 stale_version) offers a reload onto the newest
 * version, and field errors (400) are kept by rule id, so they stay with their rule when the list is reordered.
 */
export function useRuleSetDraft(saved: RuleSet, reloadSets: () => Promise<RuleSet | undefined>): RuleSetDraft {
  const [saveSet, { isLoading: saving }] = useSaveRuleSetMutation();
  const [base, setBase] = useState<Base>({ version: saved.version, rules: saved.rules });
  const [rules, setRules] = useState<ShippingRule[]>(saved.rules);
  const [conflict, setConflict] = useState(false);
  const [errors, setErrors] = useState<SaveErrors>(NO_SAVE_ERRORS);
  const [notice, setNotice] = useState<string | null>(null);
  const dirty = useMemo(() => !sameRules(rules, base.rules), [rules, base.rules]);

  // Someone saved the set and the list shows it: a draft without changes simply follows.
  if (saved.version !== base.version && !dirty && !saving && saved.version > base.version) {
    setBase({ version: saved.version, rules: saved.rules });
    setRules(saved.rules);
    setConflict(false);
  }
  const newer = saved.version > base.version ? saved : null;

  const adopt = (set: RuleSet) => {
    setBase({ version: set.version, rules: set.rules });
    setRules(set.rules);
    setErrors(NO_SAVE_ERRORS);
    setConflict(false);
  };

  return {
    rules,
    baseVersion: base.version,
    dirty,
    saving,
    conflict,
    newer,
    errors,
    notice,
    dismissNotice: () => setNotice(null),
    change(update, touched) {
      setRules((current) => update(current));
      if (touched && errors.byRule[touched]) {
        setErrors((current) => {
          const byRule = { ...current.byRule };
          delete byRule[touched];
          return { ...current, byRule };
        });
      }
    },
    async save() {
      const sent = rules;
      setConflict(false);
      try {
        const result = await saveSet({ scope: saved.scope, body: { version: base.version, rules: sent } }).unwrap();
        adopt(result);
        setNotice(null);
        toast.success(`Rules for ${saved.storeName} saved as version ${result.version}.`);
      } catch (error) {
        if (isApiError(error) && error.status === 409 && apiErrorReason(error) === 'stale_version') {
          setConflict(true);
          return;
        }
        const fields = apiFieldErrors(error);
        if (isApiError(error) && error.status === 400 && Object.keys(fields).length > 0) {
          setErrors(ruleErrors(fields, sent));
          return;
        }
        setErrors({ byRule: {}, general: [apiErrorMessage(error, 'Could not save the rules.')] });
      }
    },
    discard() {
      setRules(base.rules);
      setErrors(NO_SAVE_ERRORS);
      setNotice(null);
    },
    async reload() {
      const latest = await reloadSets();
      if (!latest) return;
      setBase({ version: latest.version, rules: latest.rules });
      setConflict(false);
      setNotice(
        sameRules(rules, latest.rules)
          ? null
          : `Your draft now builds on version ${latest.version}. Save to replace it with your draft, Discard to take ` +
              'it as it is, or open History to compare the two.',
      );
    },
    restore(version) {
      setRules(version.rules);
      setErrors(NO_SAVE_ERRORS);
      setNotice(
        `Version ${version.version} is in your draft. Save to make it the current rules, or Discard to go back to ` +
          (base.version > 0 ? `version ${base.version}.` : 'the saved rules.'),
      );
    },
  };
}
