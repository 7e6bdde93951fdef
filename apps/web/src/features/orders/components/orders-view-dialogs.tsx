import { useEffect, useId, useState } from 'react';
import { toast } from '@/lib/toast/toast';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import {
  ORDER_LIST_VIEW_NAME_MAX,
  type OrderListView,
  type OrderListViewInput,
  type OrderSort,
} from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog } from '@/components/form-dialog';
import { apiErrorMessage, apiFieldErrors } from '@/lib/errors';
import {
  useCreateOrderViewMutation,
  useDeleteOrderViewMutation,
  useUpdateOrderViewMutation,
} from '../api/order-views-api';
import { activeFilters, paramsOfView } from '../list-params';

const SORT_WORDS: Record<OrderSort, string> = {
  'id desc': 'newest first',
  'id asc': 'oldest first',
  'orderDate desc': 'order date, latest first',
  'orderDate asc': 'order date, earliest first',
  'total desc': 'total, highest first',
  'total asc': 'total, lowest first',
};

/** A view's contents in words: its status tab, filters and sort. */
function viewSummary(view: Pick<OrderListView, 'filters' | 'sort'>): string {
  const { status, params } = paramsOfView(view, 10);
  const words = activeFilters(params).map((filter) => filter.label);
  return [status ? `Status: ${status}` : 'All statuses', ...words, `Sorted: ${SORT_WORDS[view.sort]}`].join(' · ');
}

/** The name field of both dialogs: the server's word on it (blank, too long, taken) shown under it. */
function NameField({ value, onChange, error }: { value: string; onChange(value: string): void; error?: string }) {
  return (
    <TextField
      autoFocus
      required
      fullWidth
      label="View name"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? `Up to ${ORDER_LIST_VIEW_NAME_MAX} characters`}
      slotProps={{ htmlInput: { maxLength: ORDER_LIST_VIEW_NAME_MAX } }}
    />
  );
}

/** Local checks first (no request for a blank name), then the server's field errors. */
function nameProblem(name: string): string | undefined {
  if (!name.trim()) return 'Give the view a name';
  return undefined;
}

function fieldError(error: unknown, fallback: string): { name?: string; other?: string } {
  const fields = apiFieldErrors(error);
  if (fields.name) return { name: fields.name };
  return { other: apiErrorMessage(error, fallback) };
}

interface SaveViewDialogProps {
  open: boolean;
  onClose(): void;
  input: Omit<OrderListViewInput, 'name'>;
}

/** Saves the list as it is now (filters, status tab, sort, columns, page size and density) under a name. */
export function SaveViewDialog({ open, onClose, input }: SaveViewDialogProps) {
  const [create, state] = useCreateOrderViewMutation();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ name?: string; other?: string }>({});
  useEffect(() => {
    if (open) {
      setName('');
      setErrors({});
    }
  }, [open]);
  const submit = async () => {
    const problem = nameProblem(name);
    if (problem) return setErrors({ name: problem });
    try {
      const view = await create({ ...input, name: name.trim() }).unwrap();
      toast.success(`Saved the view \u201c${view.name}\u201d.`);
      onClose();
    } catch (error) {
      setErrors(fieldError(error, 'The view could not be saved.'));
    }
    return undefined;
  };
  return (
    <FormDialog
      open={open}
      title="Save view"
      message={viewSummary(input)}
      onCancel={onClose}
      onSubmit={() => void submit()}
      submitLabel="Save view"
      busy={state.isLoading}
      error={errors.other ?? null}
    >
      <NameField value={name} onChange={setName} error={errors.name} />
    </FormDialog>
  );
}

interface ManageViewsDialogProps {
  open: boolean;
  views: readonly OrderListView[];
  onClose(): void;
}

/** Rename or delete the user's views. */
export function ManageViewsDialog({ open, views, onClose }: ManageViewsDialogProps) {
  const titleId = useId();
  const [renaming, setRenaming] = useState<OrderListView | null>(null);
  const [deleting, setDeleting] = useState<OrderListView | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ name?: string; other?: string }>({});
  const [update, updateState] = useUpdateOrderViewMutation();
  const [remove, removeState] = useDeleteOrderViewMutation();

  const rename = async () => {
    if (!renaming) return;
    const problem = nameProblem(name);
    if (problem) return setErrors({ name: problem });
    try {
      await update({ id: renaming.id, change: { name: name.trim() } }).unwrap();
      setRenaming(null);
    } catch (error) {
      setErrors(fieldError(error, 'The view could not be renamed.'));
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      toast.success(`Deleted the view \u201c${deleting.name}\u201d.`);
    } catch (error) {
      toast.error(apiErrorMessage(error, 'The view could not be deleted.'));
    }
    setDeleting(null);
  };

  return (
    <>
      <Dialog open={open && !renaming && !deleting} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>Your views</DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          <List dense aria-label="Saved views">
            {views.map((view) => (
              <ListItem
                key={view.id}
                secondaryAction={
                  <Box sx={{ display: 'flex', gap: 0.5 }}>
                    <IconButton
                      aria-label={`Rename ${view.name}`}
                      onClick={() => {
                        setName(view.name);
                        setErrors({});
                        setRenaming(view);
                      }}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton aria-label={`Delete ${view.name}`} onClick={() => setDeleting(view)}>
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Box>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText primary={view.name} secondary={viewSummary(view)} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      <FormDialog
        open={renaming !== null}
        title={`Rename \u201c${renaming?.name ?? ''}\u201d`}
        onCancel={() => setRenaming(null)}
        onSubmit={() => void rename()}
        submitLabel="Rename"
        busy={updateState.isLoading}
        error={errors.other ?? null}
      >
        <NameField value={name} onChange={setName} error={errors.name} />
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete view"
        message={`Delete the view \u201c${deleting?.name ?? ''}\u201d? The orders stay as they are.`}
        confirmLabel="Delete"
        busy={removeState.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
