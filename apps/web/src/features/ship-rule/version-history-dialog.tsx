import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  actionsSentence,
  conditionsSentence,
  type RuleSet,
  type RuleWordsContext,
  type ShippingRule,
} from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { formatDateTime } from '@/lib/format';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { diffRules, isEmptyDiff, type RulesDiff } from './rule-diff';

import { useGetRuleSetVersionQuery, useListRuleSetVersionsQuery } from './ship-rule-api';

interface VersionHistoryDialogProps {
  scope: string;
  storeName: string;
  /** The draft the versions are compared with. */
  rules: readonly ShippingRule[];
  /** The saved version the draft started from. */
  baseVersion: number;
  words: RuleWordsContext;
  /** Absent for someone who may not change the rules: the history is read only. */
  onRestore?(version: RuleSet): void;
  onClose(): void;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 2.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}>
        {children}
      </Box>
    </Box>
  );
}

function RuleLines({ rule, words }: { rule: ShippingRule; words: RuleWordsContext }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {conditionsSentence(rule, words)}. {actionsSentence(rule, words)}.
    </Typography>
  );
}

function DiffView({ diff, version, words }: { diff: RulesDiff; version: number; words: RuleWordsContext }) {
  if (isEmptyDiff(diff)) {
    return <Alert severity="success">Your draft has the same rules as version {version}.</Alert>;
  }
  const item = { p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 } as const;
  return (
    <>
      {diff.added.length > 0 ? (
        <Group title={`In your draft, not in version ${version}`}>
          {diff.added.map(({ rule, position }) => (
            <Box component="li" key={rule.id} sx={item}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                #{position} {rule.name}
              </Typography>
              <RuleLines rule={rule} words={words} />
            </Box>
          ))}
        </Group>
      ) : null}
      {diff.removed.length > 0 ? (
        <Group title={`In version ${version}, not in your draft`}>
          {diff.removed.map(({ rule, position }) => (
            <Box component="li" key={rule.id} sx={item}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                #{position} {rule.name}
              </Typography>
              <RuleLines rule={rule} words={words} />
            </Box>
          ))}
        </Group>
      ) : null}
      {diff.changed.length > 0 ? (
        <Group title="Changed">
          {diff.changed.map((change) => (
            <Box component="li" key={change.id} sx={item}>
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                #{change.position} {change.name}
              </Typography>
              {change.fields.map((field) => (
                <Box
                  key={field.label}
                  sx={{ display: 'grid', gridTemplateColumns: '96px minmax(0, 1fr)', gap: 1, mt: 0.5 }}
                >
                  <Typography variant="caption" color="text.secondary" sx={{ pt: 0.25 }}>
                    {field.label}
                  </Typography>
                  <Box>
                    <Typography variant="body2" color="text.secondary">
                      <Box component="span" sx={{ typography: 'caption' }}>
                        Version {version}:{' '}
                      </Box>
                      {field.before}
                    </Typography>
                    <Typography variant="body2">
                      <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
                        Draft:{' '}
                      </Box>
                      {field.after}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Box>
          ))}
        </Group>
      ) : null}
      {diff.unchanged > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {diff.unchanged} other rule{diff.unchanged === 1 ? ' is' : 's are'} the same.
        </Typography>
      ) : null}
    </>
  );
}

/**
 * The saved versions of a set, newest first. Picking one compares it with the draft, rule by rule; Restore puts its
 * rules into the draft (the person then saves, which makes a new version: history is never rewritten).
 */
export function VersionHistoryDialog(props: VersionHistoryDialogProps) {
  const { scope, storeName, rules, baseVersion, words, onRestore, onClose } = props;
  const titleId = useId();
  const timeZone = useTenantTimeZone();
  const versions = useListRuleSetVersionsQuery(scope);
  const [picked, setPicked] = useState<number | null>(null);
  const selected = picked ?? versions.data?.[0]?.version ?? null;
  const version = useGetRuleSetVersionQuery({ scope, version: selected ?? 0 }, { skip: selected === null });
  const shown = version.data && version.data.version === selected ? version.data : undefined;
  const diff = shown ? diffRules(shown.rules, rules, words) : null;

  let body: ReactNode;
  if (versions.isLoading) {
    body = <Skeleton variant="rounded" height={240} aria-label="Loading the versions" />;
  } else if (!versions.data) {
    body = <QueryError error={versions.error} fallback="Could not load the versions." refetch={versions.refetch} />;
  } else if (versions.data.length === 0) {
    body = (
      <Typography color="text.secondary">
        No saved versions yet. The first Save makes version 1; every later Save a new one.
      </Typography>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '240px minmax(0, 1fr)' }, gap: 3 }}>
        <List
          dense
          aria-label="Versions"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 420, overflow: 'auto', py: 0 }}
        >
          {versions.data.map((v) => (
            <ListItemButton
              key={v.version}
              selected={v.version === selected}
              aria-current={v.version === selected ? 'true' : undefined}
              onClick={() => setPicked(v.version)}
            >
              <ListItemText
                primary={`Version ${v.version}${v.version === baseVersion ? ' (current)' : ''}`}
                secondary={`${v.updatedBy ?? 'Unknown'} · ${formatDateTime(v.updatedAt, timeZone)} · ${v.ruleCount} rule${v.ruleCount === 1 ? '' : 's'}`}
              />
            </ListItemButton>
          ))}
        </List>
        <Box sx={{ minWidth: 0, minHeight: 240 }} aria-live="polite">
          {selected !== null ? (
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 2 }}>
              Version {selected} compared with your draft
            </Typography>
          ) : null}
          {version.isError ? (
            <QueryError error={version.error} fallback="Could not load this version." refetch={version.refetch} />
          ) : diff && shown ? (
            <DiffView diff={diff} version={shown.version} words={words} />
          ) : (
            <Skeleton variant="rounded" height={180} aria-label="Loading the version" />
          )}
        </Box>
      </Box>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>History of the rules for {storeName}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        {onRestore ? (
          <Button
            variant="contained"
            disabled={!shown || !diff || isEmptyDiff(diff)}
            onClick={() => {
              if (!shown) return;
              onRestore(shown);
              onClose();
            }}
          >
            {selected !== null ? `Restore version ${selected}` : 'Restore'}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
