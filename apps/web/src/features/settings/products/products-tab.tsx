import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast/toast';
import AddOutlined from '@mui/icons-material/AddOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Product } from '@shipdesk/contract';
import { EmptyState } from '@/components/empty-state';
import { QueryError } from '@/components/query-error';
import { ShowArchivedSwitch } from '@/components/show-archived-switch';
import { apiErrorMessage } from '@/lib/errors';
import { ProductDialog } from './product-dialog';
import { ProductFillStatus } from './product-fill-status';
import { ProductImportDialog } from './product-import-dialog';
import { ProductsTable } from './products-table';
import { fetchProductsCsv, useListProductsQuery } from './products-api';

const PAGE_SIZES = [10, 25, 50, 100];
const SEARCH_DELAY_MS = 300;

async function downloadCsv() {
  try {
    const blob = await fetchProductsCsv();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'products.csv';
    link.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    toast.error(apiErrorMessage(error, 'Could not export the products.'));
  }
}

/**
 * Settings > Products: the catalogue of SKUs with their shipping defaults and customs facts (docs/products.md).
 * Searchable by SKU or title and paged; Admins add, edit, delete, import and export, Managers read.
 */
export function ProductsTab({ readOnly }: { readOnly: boolean }) {
  // `?search=MUG-1`: a link that names a product (a batch's "give the product MUG-1 a weight") opens it found.
  const [params] = useSearchParams();
  const [typed, setTyped] = useState(() => params.get('search') ?? '');
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(PAGE_SIZES[0]!);
  const [editing, setEditing] = useState<{ product?: Product } | null>(null);
  const [importing, setImporting] = useState(false);
  const [archived, setArchived] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useListProductsQuery({ search, page, size, archived });
  const addButton = (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({})}>
      Add product
    </Button>
  );
  const importButton = (
    <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setImporting(true)}>
      Import CSV
    </Button>
  );

  let body;
  if (list.isLoading) body = <Skeleton variant="rounded" height={160} aria-label="Loading products" />;
  else if (!list.data) {
    body = (
      <QueryError
        error={list.error}
        fallback="Could not load the products."
        refetch={list.refetch}
        isFetching={list.isFetching}
      />
    );
  } else if (list.data.total === 0 && !search.trim() && !archived) {
    body = (
      <EmptyState
        icon={<Inventory2Outlined />}
        title="No products yet"
        text="Add your products’ weights, sizes and customs facts once, and every order of their SKUs ships with them."
        action={
          readOnly ? undefined : (
            <>
              {addButton}
              {importButton}
            </>
          )
        }
      />
    );
  } else if (list.data.total === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {search.trim() ? `No product matches “${search.trim()}”.` : 'No products.'}
        </Typography>
      </Paper>
    );
  } else {
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden', opacity: list.isFetching ? 0.7 : 1 }}>
        <ProductsTable rows={list.data.rows} readOnly={readOnly} onEdit={(product) => setEditing({ product })} />
        <TablePagination
          component="div"
          count={list.data.total}
          page={page - 1}
          rowsPerPage={size}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next + 1)}
          onRowsPerPageChange={(event) => {
            setSize(Number(event.target.value));
            setPage(1);
          }}
        />
      </Paper>
    );
  }

  return (
    <Box component="section" aria-labelledby="products-heading">
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box>
          <Typography variant="h6" component="h2" id="products-heading">
            Products
          </Typography>
          <Typography variant="body2" color="text.secondary">
            What each SKU weighs and measures, how it is packed and what customs need to know.
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            type="search"
            label="Search SKU or title"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button variant="text" startIcon={<FileDownloadOutlined />} onClick={() => void downloadCsv()}>
            Export CSV
          </Button>
          {readOnly ? null : (
            <>
              <ShowArchivedSwitch
                checked={archived}
                onChange={(next) => {
                  setArchived(next);
                  setPage(1);
                }}
              />
              {importButton}
              {addButton}
            </>
          )}
        </Box>
      </Box>
      <ProductFillStatus />
      {body}
      {editing ? <ProductDialog product={editing.product} onClose={() => setEditing(null)} /> : null}
      {importing ? <ProductImportDialog onClose={() => setImporting(false)} /> : null}
    </Box>
  );
}
