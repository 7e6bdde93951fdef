import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '@mui/utils';
import { formatWeight, HAZARD_CLASSES, minorToDecimal, type Product } from '@shipdesk/contract';
import { useListBoxSizesQuery } from '@/entities/box-sizes/box-sizes-api';
import { useUnits } from '@/lib/units';
import { RemoveRowButton } from '../setup-deletion/remove-row-button';
import { RestoreRowButton } from '../setup-deletion/restore-row-button';
import { productSizeText } from './product-form';

const hazardName = (code: string) => HAZARD_CLASSES.find((h) => h.code === code)?.name ?? code;

interface ProductsTableProps {
  rows: Product[];
  readOnly: boolean;
  onEdit(product: Product): void;
}

/** A page of products: SKU and title, weight and size (the tenant's units), packing, hazard and the customs facts. */
export function ProductsTable({ rows, readOnly, onEdit }: ProductsTableProps) {
  const boxes = useListBoxSizesQuery();
  const { system } = useUnits();
  const boxName = (id: string) => boxes.data?.find((b) => b.id === id)?.name ?? 'A box no longer offered';
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Products" sx={{ '& th': { fontWeight: 600 } }}>
        <TableHead>
          <TableRow>
            <TableCell>SKU</TableCell>
            <TableCell>Title</TableCell>
            <TableCell align="right">Weight</TableCell>
            <TableCell>Size (L × W × H)</TableCell>
            <TableCell>Packed in</TableCell>
            <TableCell>Hazard</TableCell>
            <TableCell>Customs</TableCell>
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
          {rows.map((p) => (
            <TableRow key={p.id}>
              <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {p.sku}
                {p.archivedAt ? <Chip size="small" label="Archived" variant="outlined" sx={{ ml: 1 }} /> : null}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.title || '—'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {p.weight === null ? 'Not known' : formatWeight(p.weight, system)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{productSizeText(p, system) ?? '—'}</TableCell>
              <TableCell>{p.boxSizeId ? boxName(p.boxSizeId) : (p.packageType ?? '—')}</TableCell>
              <TableCell>{p.hazardClass ? hazardName(p.hazardClass) : '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {[
                  p.hsCode,
                  p.originCountry,
                  p.declaredValue !== null && p.declaredCurrency
                    ? `${minorToDecimal(p.declaredValue, p.declaredCurrency)} ${p.declaredCurrency}`
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || '—'}
              </TableCell>
              {readOnly ? null : (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {p.archivedAt ? (
                    <RestoreRowButton path={`api/v1/products/${p.id}`} name={p.sku} />
                  ) : (
                    <>
                      <Button size="small" onClick={() => onEdit(p)} aria-label={`Edit ${p.sku}`}>
                        Edit
                      </Button>
                      <RemoveRowButton
                        path={`api/v1/products/${p.id}`}
                        name={p.sku}
                        consequence={`${p.sku} will be deleted. If orders name its SKU, it is archived instead: hidden from the catalogue, kept for those orders, and its SKU is free for a new product.`}
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
  );
}
