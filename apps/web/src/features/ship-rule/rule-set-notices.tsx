import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { RuleSet } from '@shipdesk/contract';
import { versionText } from './rule-set-toolbar';
import type { RuleSetDraft } from './use-rule-set-draft';

interface RuleSetNoticesProps {
  set: RuleSet;
  draft: RuleSetDraft;
  timeZone: string;
}

/**
 * Above the rules: a save refused because someone else saved first, or a newer version saved meanwhile (both with
 * Reload), what was wrong with the last save, and what the last command did.
 */
export function RuleSetNotices({ set, draft, timeZone }: RuleSetNoticesProps) {
  const [reloading, setReloading] = useState(false);
  const { dirty, rules, errors } = draft;
  const doReload = async () => {
    setReloading(true);
    try {
      await draft.reload();
    } finally {
      setReloading(false);
    }
  };
  const rulesWithErrors = rules.filter((rule) => errors.byRule[rule.id]).length;
  const reloadButton = (
    <Button color="inherit" size="small" onClick={() => void doReload()} disabled={reloading}>
      Reload
    </Button>
  );
  return (
    <Stack spacing={1.5} sx={{ mb: 2, '&:empty': { display: 'none' } }}>
      {draft.conflict ? (
        <Alert severity="warning" action={reloadButton}>
          Someone else saved the rules for {set.storeName} while you were editing, so yours were not saved. Your draft
          is kept: reload to build it on their version, then compare in History and save again.
        </Alert>
      ) : draft.newer && dirty ? (
        <Alert severity="info" action={reloadButton}>
          {versionText(draft.newer, timeZone)} while you were editing. Reload to build your draft on it; your draft
          stays as it is.
        </Alert>
      ) : null}
      {errors.general.length > 0 ? <Alert severity="error">{errors.general.join(' ')}</Alert> : null}
      {rulesWithErrors > 0 ? (
        <Alert severity="error">
          The rules were not saved: {rulesWithErrors === 1 ? 'one rule needs' : `${rulesWithErrors} rules need`}{' '}
          changes. They are marked below; edit them to see each message at its place.
        </Alert>
      ) : null}
      {draft.notice ? (
        <Alert severity="info" onClose={draft.dismissNotice}>
          {draft.notice}
        </Alert>
      ) : null}
    </Stack>
  );
}
