import { useState } from 'react';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatWeight, type BoxSize } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';
import { useListBoxSizesQuery } from '@/entities/box-sizes/box-sizes-api';
import { useListBoxSizesWithArchivedQuery } from '../api/setup-deletion-api';
import { RemoveRowButton } from '../setup-deletion/remove-row-button';
import { RestoreRowButton } from '../setup-deletion/restore-row-button';
import { ShowArchivedSwitch } from '@/components/show-archived-switch';
import { BoxSizeDialog } from './box-size-dialog';
import { boxSizesText, useUnits } from '@/lib/units';

/** The boxes orders are packed in: their sizes and weights go on the labels bought for them. */
export function BoxSizesSection({ readOnly }: { readOnly: boolean }) {
  const [showArchived, setShowArchived] = useState(false);
  const { system } = useUnits();
  const live = useListBoxSizesQuery(undefined, { skip: showArchived });
  const withArchived = useListBoxSizesWithArchivedQuery(undefined, { skip: !showArchived });
  const list = showArchived ? withArchived : live;
  const [editing, setEditing] = useState<{ box?: BoxSize } | null>(null);
  const boxes = list.data ?? [];

  let body;
  if (list.isLoading) body = <Skeleton variant="rounded" height={96} />;
  else if (!list.data) {
    body = (
      <QueryError
        error={list.error}
        fallback="Could not load the box sizes."
        refetch={list.refetch}
        isFetching={list.isFetching}
      />
    );
  } else if (boxes.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          No box sizes yet.{readOnly ? '' : ' Add the boxes and mailers you pack orders in.'}
        </Typography>
      </Paper>
    );
  } else {
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Box sizes" sx={{ '& th': { fontWeight: 600 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Inside (L × W × H)</TableCell>
                <TableCell align="right">Empty weight</TableCell>
                <TableCell align="right">Maximum weight</TableCell>
                {readOnly ? null : (
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody sx={{ '& td': { fontVariantNumeric: 'tabular-nums' } }}>
              {boxes.map((box) => (
                <TableRow key={box.id}>
                  <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {box.name}
                    {box.archivedAt ? <Chip size="small" label="Archived" variant="outlined" sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{boxSizesText(box, system)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {box.emptyWeight > 0 ? formatWeight(box.emptyWeight, system) : '—'}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatWeight(box.maxWeight, system)}
                  </TableCell>
                  {readOnly ? null : (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {box.archivedAt ? (
                        <RestoreRowButton path={`api/v1/orderBoxSizes/${box.id}`} name={box.name} />
                      ) : (
                        <>
                          <Button size="small" onClick={() => setEditing({ box })} aria-label={`Edit ${box.name}`}>
                            Edit
                          </Button>
                          <RemoveRowButton
                            path={`api/v1/orderBoxSizes/${box.id}`}
                            name={box.name}
                            consequence={`${box.name} will be deleted. If orders, deliveries or shipping rules use it, it is archived instead: hidden from the box pickers, kept on those orders.`}
                          />
                        </>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    );
  }

  return (
    <Box component="section" aria-labelledby="box-sizes-heading">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-end', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <Typography variant="h6" component="h2" id="box-sizes-heading">
            Box sizes
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The boxes you pack orders in. Their sizes and weights are sent with each label.
          </Typography>
        </Box>
        {readOnly ? null : (
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexShrink: 0 }}>
            <ShowArchivedSwitch checked={showArchived} onChange={setShowArchived} />
            <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
              Add box size
            </Button>
          </Box>
        )}
      </Box>
      {body}
      {editing ? <BoxSizeDialog box={editing.box} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
