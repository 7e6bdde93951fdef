import { useState } from 'react';
import { toast } from '@/lib/toast/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Role } from '@shipdesk/contract';
import { PageHeader } from '@/components/page-header';
import { apiErrorMessage } from '@/lib/errors';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { selectUserRoleId, useAppSelector } from '@/lib/store-hooks';
import { ParcelProblemsActions, type BulkReport } from './parcel-problems-actions';
import {
  useGetProblemDigestQuery,
  useListParcelProblemsQuery,
  useSetProblemDigestMutation,
} from './parcel-problems-api';
import { ParcelProblemsTable } from './parcel-problems-table';

const PAGE_SIZE = 50;

/** The daily e-mail switch: Admins change it (the server refuses Managers too); nobody else sees it. */
function DigestSwitch() {
  const roleId = useAppSelector(selectUserRoleId);
  const admin = roleId === Role.Admin || roleId === Role.SuperAdmin;
  const { data } = useGetProblemDigestQuery(undefined, { skip: !admin });
  const [setDigest, { isLoading }] = useSetProblemDigestMutation();
  if (!admin) return null;
  const change = async (subscribed: boolean) => {
    try {
      await setDigest(subscribed).unwrap();
      toast.success(subscribed ? 'You will get the daily e-mail at 07:00.' : 'The daily e-mail is off.');
    } catch (failure) {
      toast.error(apiErrorMessage(failure, 'Could not change the daily e-mail.'));
    }
  };
  return (
    <FormControlLabel
      control={
        <Switch
          checked={data?.subscribed ?? false}
          disabled={!data || isLoading}
          onChange={(event) => void change(event.target.checked)}
        />
      }
      label="E-mail me a daily summary"
    />
  );
}

function Report({ report, onClose }: { report: BulkReport; onClose: () => void }) {
  const failed = report.outcomes.some((o) => !o.ok) || report.outcomes.length === 0;
  return (
    <Alert severity={failed ? 'warning' : 'success'} onClose={onClose} role="status">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {report.summary}
      </Typography>
      {report.outcomes.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {report.outcomes.map((o, index) => (
            <li key={`${o.orderNumber}-${index}`}>
              Order {o.orderNumber}: {o.message}
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}

/**
 * /problems: parcels whose carrier reports an exception or a return, or past the promised day (docs/tracking.md,
 * "Problems and the dashboard"), oldest problem first, with bulk reship, note and resolved, and the Admins' daily
 * e-mail switch.
 */
export function ParcelProblemsPage() {
  const timeZone = useTenantTimeZone();
  // The cursors of the pages before this one: Previous pops, Next pushes.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors.at(-1) ?? null;
  const { data, isLoading, isError, refetch } = useListParcelProblemsQuery({ cursor, size: PAGE_SIZE });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [report, setReport] = useState<BulkReport | null>(null);
  const rows = data?.rows ?? [];
  const picked = rows.filter((r) => selected.has(r.labelId));
  // Nothing to act on and nowhere to page: no bulk bar, no paging buttons.
  const onePage = cursors.length === 1 && !data?.nextCursor;
  const empty = onePage && !isLoading && !isError && rows.length === 0;

  const toggle = (labelId: string) =>
    setSelected((now) => {
      const next = new Set(now);
      if (!next.delete(labelId)) next.add(labelId);
      return next;
    });
  const toggleAll = () =>
    setSelected((now) => (rows.every((r) => now.has(r.labelId)) ? new Set() : new Set(rows.map((r) => r.labelId))));
  const go = (next: Array<string | null>) => {
    setCursors(next);
    setSelected(new Set());
  };

  const total = data?.total ?? 0;
  return (
    <>
      <PageHeader
        title="Problems"
        subtitle={
          data
            ? total === 0
              ? 'No parcel has a problem.'
              : `${total} parcel${total === 1 ? ' has' : 's have'} a carrier exception or passed the promised day, oldest first`
            : '\u00a0'
        }
        actions={<DigestSwitch />}
      />
      <Paper variant="outlined" sx={{ display: 'grid', gap: 2, p: 2 }}>
        {empty ? null : (
          <ParcelProblemsActions
            selected={picked}
            onDone={(done) => {
              setReport(done);
              setSelected(new Set());
            }}
          />
        )}
        {report ? <Report report={report} onClose={() => setReport(null)} /> : null}
        {isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            The problems could not be loaded.
          </Alert>
        ) : isLoading ? (
          <Skeleton variant="rounded" height={160} />
        ) : rows.length === 0 ? (
          <Box sx={{ py: 3, textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>Every parcel is on its way or delivered.</Typography>
            <Typography variant="body2" color="text.secondary">
              A parcel shows here when its carrier reports an exception or a return, or when it passes the day the
              carrier promised.
            </Typography>
          </Box>
        ) : (
          <ParcelProblemsTable
            rows={rows}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            timeZone={timeZone}
          />
        )}
        <Box sx={{ display: onePage ? 'none' : 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button size="small" disabled={cursors.length === 1} onClick={() => go(cursors.slice(0, -1))}>
            Previous page
          </Button>
          <Button size="small" disabled={!data?.nextCursor} onClick={() => go([...cursors, data!.nextCursor])}>
            Next page
          </Button>
        </Box>
      </Paper>
    </>
  );
}
