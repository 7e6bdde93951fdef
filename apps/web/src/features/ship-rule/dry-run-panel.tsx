import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RULE_TARGET_WORDS, capitalised, type RuleDryRun, type ShippingRule } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { hrefs } from '@/config/paths';
import { formatCount } from '@/lib/format';

interface DryRunPanelProps {
  result: RuleDryRun;
  /** The draft that was tested, to name its rules. */
  rules: readonly ShippingRule[];
}

/** "0.8 s", "420 ms". */
function durationText(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
      {children}
    </Typography>
  );
}

const NONE = (
  <Box component="span" sx={{ color: 'text.disabled' }}>
    none
  </Box>
);

/**
 * What the draft would do to recent orders: how many it ran on and how long it took, each order that would change
 * (field by field, before and after, and the rule that did it), how often each rule matched, the rules that never did
 * or never got the chance (an earlier "stop here" rule took every order they would have matched), and failures.
 */
export function DryRunPanel({ result, rules }: DryRunPanelProps) {
  const names = new Map(rules.map((rule, index) => [rule.id, `#${index + 1} ${rule.name}`]));
  const ruleName = (id: string) => names.get(id) ?? id;
  const never = new Set(result.neverMatched);
  const shadowedBy = new Map(result.shadowed.map((s) => [s.ruleId, s.by]));
  const rowsShown = result.changed.length < result.changedCount;

  return (
    <Box>
      <Alert severity={result.changedCount > 0 ? 'info' : 'success'} role="status">
        Tested on {formatCount(result.evaluated)} order{result.evaluated === 1 ? '' : 's'} in {durationText(result.ms)}.{' '}
        {result.changedCount > 0
          ? `${formatCount(result.changedCount)} would change${rowsShown ? `; the first ${formatCount(result.changed.length)} are listed` : ''}.`
          : 'No order would change.'}
      </Alert>
      {result.stopped ? (
        <Alert severity="warning" role="status" sx={{ mt: 1 }}>
          {result.stopped}. Test fewer orders to see them all.
        </Alert>
      ) : null}

      {result.changed.length > 0 ? (
        <>
          <Heading>Orders that would change</Heading>
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 360 }}>
            <Table size="small" stickyHeader aria-label="Orders that would change">
              <TableHead>
                <TableRow>
                  <TableCell>Order</TableCell>
                  <TableCell>Field</TableCell>
                  <TableCell>Now</TableCell>
                  <TableCell>With the draft</TableCell>
                  <TableCell>Rule</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.changed.map((order) => (
                  <Fragment key={order.orderId}>
                    {order.changes.map((change, index) => (
                      <TableRow key={`${change.target}-${index}`}>
                        {index === 0 ? (
                          <TableCell rowSpan={order.changes.length} sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                            <Link
                              component={RouterLink}
                              to={hrefs.orderView(order.orderId)}
                              target="_blank"
                              rel="noopener"
                            >
                              {order.orderNumber}
                            </Link>
                          </TableCell>
                        ) : null}
                        <TableCell>{capitalised(RULE_TARGET_WORDS[change.target] ?? change.target)}</TableCell>
                        <TableCell>{change.before ?? NONE}</TableCell>
                        <TableCell sx={{ fontWeight: 500 }}>{change.after ?? NONE}</TableCell>
                        <TableCell>{ruleName(change.ruleId)}</TableCell>
                      </TableRow>
                    ))}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      ) : null}

      <Heading>Rules</Heading>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label="How often each rule matched">
          <TableHead>
            <TableRow>
              <TableCell>Rule</TableCell>
              <TableCell align="right">Orders matched</TableCell>
              <TableCell>Note</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rules.map((rule) => {
              const by = shadowedBy.get(rule.id);
              return (
                <TableRow key={rule.id}>
                  <TableCell>{ruleName(rule.id)}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCount(result.matches[rule.id] ?? 0)}
                  </TableCell>
                  <TableCell>
                    {by ? (
                      <StatusChip small tone="warning" label={`Never reached: ${ruleName(by)} stops first`} />
                    ) : never.has(rule.id) ? (
                      <StatusChip small tone="warning" label="Never matched" />
                    ) : !rule.enabled ? (
                      <StatusChip small label="Off" />
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>

      {result.failed.length > 0 ? (
        <>
          <Heading>Failures</Heading>
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 240 }}>
            <Table size="small" stickyHeader aria-label="Failures">
              <TableHead>
                <TableRow>
                  <TableCell>Rule</TableCell>
                  <TableCell>Order</TableCell>
                  <TableCell>What went wrong</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.failed.map((failure, index) => (
                  <TableRow key={`${failure.ruleId}-${failure.orderId}-${index}`}>
                    <TableCell>{ruleName(failure.ruleId)}</TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={hrefs.orderView(failure.orderId)} target="_blank" rel="noopener">
                        {failure.orderId}
                      </Link>
                    </TableCell>
                    <TableCell>{failure.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      ) : null}
    </Box>
  );
}
