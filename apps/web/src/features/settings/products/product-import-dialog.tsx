import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { productCsvColumns, type ProductImportResult } from '@shipdesk/contract';
import { apiErrorMessage, apiFieldErrors } from '@/lib/errors';
import { useUnits } from '@/lib/units';
import { useImportProductsMutation } from './products-api';

/** Bad rows shown at most; the count says how many there are in all. */
const SHOWN_ERRORS = 200;

/**
 * Import products from a CSV file: pick it, send it, then the summary (created, updated, unchanged, failed) and the
 * bad rows by row number and column. Good rows are saved even when some rows are bad.
 */
export function ProductImportDialog({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { system } = useUnits();
  const [send, { isLoading }] = useImportProductsMutation();
  const [result, setResult] = useState<ProductImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setError(null);
    setResult(null);
    try {
      setResult(await send({ csv: await file.text() }).unwrap());
    } catch (failure) {
      const fields = Object.values(apiFieldErrors(failure));
      setError(fields.length > 0 ? fields.join(' ') : apiErrorMessage(failure, 'Could not import the file.'));
    } finally {
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const bad = result?.rows.filter((r) => r.outcome === 'error') ?? [];
  return (
    <Dialog open onClose={() => (isLoading ? undefined : onClose())} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Import products</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A CSV file with a header row, as the export writes it. Only <code>sku</code> is required; the other columns
          are {productCsvColumns(system).slice(1).join(', ')}. Weights and sides may also come in{' '}
          {system === 'imperial' ? 'weight_g, weight_kg or length_cm' : 'weight_oz, weight_lb or length_in'} columns, or
          as text with the unit in a weight column ({system === 'imperial' ? '2 lb 3 oz' : '1.2 kg'}). Products are
          matched by SKU: a column you leave out stays as it is, an empty cell clears it.
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          {/* A real button opens the hidden file input, so Tab and Enter reach the picker as a click does. */}
          <Button variant="contained" disabled={isLoading} onClick={() => inputRef.current?.click()} autoFocus>
            {isLoading ? 'Importing…' : 'Choose a CSV file'}
          </Button>
          <input
            ref={inputRef}
            type="file"
            hidden
            accept=".csv,text/csv"
            aria-label="CSV file"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          {fileName ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {fileName}
            </Typography>
          ) : null}
        </Box>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        {result ? (
          <Box role="status" sx={{ mt: 2 }}>
            <Alert severity={result.failed > 0 ? 'warning' : 'success'}>
              {`${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged`}
              {result.failed > 0 ? `, ${result.failed} not imported (nothing of those rows was saved)` : ''}.
            </Alert>
          </Box>
        ) : null}
        {bad.length > 0 ? (
          <Table size="small" aria-label="Rows not imported" sx={{ mt: 2, '& th': { fontWeight: 600 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>SKU</TableCell>
                <TableCell>Column</TableCell>
                <TableCell>Problem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bad.slice(0, SHOWN_ERRORS).map((r) => (
                <TableRow key={r.row}>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{r.row}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.sku || '—'}</TableCell>
                  <TableCell>{r.column}</TableCell>
                  <TableCell>{r.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {bad.length > SHOWN_ERRORS ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {`The first ${SHOWN_ERRORS} of ${bad.length} rows not imported are shown.`}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {result ? 'Done' : 'Cancel'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
