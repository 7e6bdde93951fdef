import { useId, useState, type ReactNode } from 'react';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { RuleApplication, RuleResult } from '@shipdesk/contract';
import { formatDateTime } from '@/lib/format';
import { actionTargetWords, applicationWords, outcomeWords, scopeName, type OutcomeTone } from '../order-rule-words';

/** Small coloured text keeps its contrast: the darker shade on light paper, the lighter on dark. */
function toneColor(tone: OutcomeTone) {
  return (theme: Theme) => {
    if (tone === 'neutral') return { color: (theme.vars ?? theme).palette.text.secondary };
    const palette = (theme.vars ?? theme).palette[tone];
    return { color: palette.dark, ...theme.applyStyles('dark', { color: palette.light }) };
  };
}

const LIST_SX = { listStyle: 'none', m: 0, p: 0 } as const;

/** A button that opens and closes the part below it, saying how many things it holds. */
export function Disclosure({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={id}
        startIcon={
          <ExpandMoreOutlined
            sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
            aria-hidden
          />
        }
        sx={{ ml: -0.5, px: 0.5 }}
      >
        {label}
      </Button>
      <Collapse in={open} id={id} unmountOnExit>
        <Box sx={{ pt: 1 }}>{children}</Box>
      </Collapse>
    </Box>
  );
}

/** A rule that ran its actions, or one that failed while it was evaluated. */
function RuleOutcome({ rule, setName }: { rule: RuleResult; setName: string | null }) {
  return (
    <Box component="li" data-rule={rule.ruleId} sx={{ py: 0.75 }}>
      <Typography variant="body2" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {rule.name}
        {setName ? (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ fontWeight: 400, ml: 1 }}>
            {setName}
          </Typography>
        ) : null}
      </Typography>
      {rule.error !== undefined ? (
        <Typography variant="body2" component="p" sx={[toneColor('error'), { pl: 1.5, overflowWrap: 'anywhere' }]}>
          Failed: {rule.error}
        </Typography>
      ) : (
        <Box component="ul" aria-label={`What ${rule.name} did`} sx={{ ...LIST_SX, pl: 1.5 }}>
          {rule.actions.map((action, index) => {
            const outcome = outcomeWords(action);
            return (
              <Typography
                key={index}
                component="li"
                variant="body2"
                data-outcome={action.outcome}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {actionTargetWords(action)}{' '}
                <Box component="span" sx={toneColor(outcome.tone)}>
                  ({outcome.text})
                </Box>
              </Typography>
            );
          })}
        </Box>
      )}
      {rule.stopped ? (
        <Typography variant="body2" component="p" sx={{ pl: 1.5, fontStyle: 'italic' }} color="text.secondary">
          Stop here: the rules after it did not run.
        </Typography>
      ) : null}
    </Box>
  );
}

/** A rule whose conditions did not hold, with each condition that failed in the server's words. */
function RuleMiss({ rule, setName }: { rule: RuleResult; setName: string | null }) {
  return (
    <Box component="li" data-rule={rule.ruleId} sx={{ py: 0.5 }}>
      <Typography variant="body2" component="p" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {rule.name}
        {setName ? (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {setName}
          </Typography>
        ) : null}
      </Typography>
      <Box component="ul" sx={{ ...LIST_SX, pl: 1.5, color: 'text.secondary', typography: 'body2' }}>
        {rule.failedConditions.length > 0 ? (
          rule.failedConditions.map((condition, index) => (
            <Box component="li" key={index} sx={{ overflowWrap: 'anywhere' }}>
              {condition}
            </Box>
          ))
        ) : (
          <li>its conditions did not hold</li>
        )}
      </Box>
    </Box>
  );
}

interface OrderRuleApplicationProps {
  application: RuleApplication;
  /** Store id -> name, for the rule sets' names. */
  stores: ReadonlyMap<string, string>;
  timeZone: string;
  now: number;
}

/**
 * One application of the rule sets to the order, in plain words: when and how it ran, what each matched rule did to
 * each field (and why a field was left), where "stop here" ended it, and behind a disclosure the rules that did not
 * match with the conditions that failed.
 */
export function OrderRuleApplication({ application, stores, timeZone, now }: OrderRuleApplicationProps) {
  const ran = application.rules.filter((rule) => rule.matched || rule.error !== undefined);
  const missed = application.rules.filter((rule) => !rule.matched && rule.error === undefined);
  // Which set a rule belongs to only matters when more than one ran.
  const severalSets = Object.keys(application.versions).length > 1;
  const setName = (rule: RuleResult) => (severalSets ? scopeName(rule.scope, stores) : null);
  return (
    <Box data-application={application.id}>
      <Typography
        variant="body2"
        color="text.secondary"
        component="p"
        title={formatDateTime(application.at, timeZone)}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {applicationWords(application, stores, now, timeZone)}.{' '}
        {application.changed ? 'The order changed.' : 'Nothing changed.'}
      </Typography>
      {ran.length === 0 ? (
        <Typography variant="body2" component="p" sx={{ mt: 1 }}>
          No rule matched this order.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Rules that matched or failed" sx={{ ...LIST_SX, mt: 0.5 }}>
          {ran.map((rule) => (
            <RuleOutcome key={`${rule.scope}:${rule.ruleId}`} rule={rule} setName={setName(rule)} />
          ))}
        </Box>
      )}
      {missed.length > 0 ? (
        <Box sx={{ mt: 0.5 }}>
          <Disclosure label={`Rules that did not match (${missed.length})`}>
            <Box component="ul" aria-label="Rules that did not match" sx={LIST_SX}>
              {missed.map((rule) => (
                <RuleMiss key={`${rule.scope}:${rule.ruleId}`} rule={rule} setName={setName(rule)} />
              ))}
            </Box>
          </Disclosure>
        </Box>
      ) : null}
    </Box>
  );
}
