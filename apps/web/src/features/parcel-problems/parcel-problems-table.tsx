import { Link as RouterLink } from 'react-router';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ParcelProblem } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { carrierWords, parcelName, problemAge, problemName } from './parcel-problem-words';

interface ParcelProblemsTableProps {
  rows: readonly ParcelProblem[];
  selected: ReadonlySet<string>;
  onToggle: (labelId: string) => void;
  onToggleAll: () => void;
  timeZone: string;
}

/** The parcels with a problem, oldest first, each with a checkbox for the bulk actions. */
export function ParcelProblemsTable({ rows, selected, onToggle, onToggleAll, timeZone }: ParcelProblemsTableProps) {
  const all = rows.length > 0 && rows.every((r) => selected.has(r.labelId));
  const some = rows.some((r) => selected.has(r.labelId));
  return (
    <TableContainer>
      <Table size="small" aria-label="Parcels with a problem">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={some && !all}
                onChange={onToggleAll}
                slotProps={{ input: { 'aria-label': 'Select every parcel on this page' } }}
              />
            </TableCell>
            <TableCell>Order</TableCell>
            <TableCell>Parcel</TableCell>
            <TableCell>Problem</TableCell>
            <TableCell>The carrier says</TableCell>
            <TableCell>Since</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.labelId} hover selected={selected.has(row.labelId)}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selected.has(row.labelId)}
                  onChange={() => onToggle(row.labelId)}
                  slotProps={{ input: { 'aria-label': `Select order ${row.orderNumber}, ${parcelName(row)}` } }}
                />
              </TableCell>
              <TableCell>
                <Link component={RouterLink} to={hrefs.orderView(row.orderId)}>
                  {row.orderNumber}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {row.destination ?? '—'}
                </Typography>
              </TableCell>
              <TableCell>{parcelName(row)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={row.kind === 'late' ? 'warning' : 'error'}
                  label={problemName(row)}
                />
              </TableCell>
              <TableCell>
                {carrierWords(row)}
                {row.lastEvent ? (
                  <Typography variant="body2" color="text.secondary">
                    {formatDateTime(row.lastEvent.at, timeZone)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell>
                {problemAge(row.since)}
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(row.since, timeZone)}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
