import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PushStatus, Store } from '@shipdesk/contract';
import { QueryError } from '@/components/query-error';

/** What a Manager reads where an Admin has the setup's fields and buttons. */
function PushReadOnlyNote() {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
      Only administrators can turn order notifications on or off.
    </Typography>
  );
}

/**
 * The frame every store's "Order notifications" dialog shares: its title, the content, and a footer of Turn off
 * (when `onTurnOff` is given), the channel's own buttons, then Close. `readOnly` (a Manager): no buttons but Close,
 * and a line saying who may change it.
 */
export function StorePushDialog({
  store,
  readOnly = false,
  onClose,
  onTurnOff,
  turnOffDisabled = false,
  actions,
  children,
}: {
  store: Store;
  readOnly?: boolean;
  onClose(): void;
  onTurnOff?: () => void;
  turnOffDisabled?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Order notifications · {store.name}</DialogTitle>
      <DialogContent>
        {children}
        {readOnly ? <PushReadOnlyNote /> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {onTurnOff && !readOnly ? (
          <Button color="error" onClick={onTurnOff} disabled={turnOffDisabled}>
            Turn off
          </Button>
        ) : null}
        {readOnly ? null : actions}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A push dialog's loaded part: a placeholder while it loads, the failure with Retry, or the view once it is there. */
export function PushQueryContent<T>({
  query,
  children,
}: {
  query: { isLoading: boolean; error?: unknown; data?: T; refetch(): unknown; isFetching: boolean };
  children(view: T): ReactNode;
}) {
  if (query.isLoading) return <Skeleton variant="rectangular" height={96} sx={{ mt: 2 }} />;
  if (query.error) {
    return (
      <QueryError
        error={query.error}
        fallback="Could not load the order notifications."
        refetch={query.refetch}
        isFetching={query.isFetching}
        sx={{ mt: 2 }}
      />
    );
  }
  return query.data ? <>{children(query.data)}</> : null;
}

/** What the platform said when it refused the notifications, in its own words. */
export function PushFailureAlert({ view }: { view: { status: PushStatus; error: string | null } }) {
  return view.status === 'failed' && view.error ? (
    <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
      {view.error}
    </Alert>
  ) : null;
}

/** Turn on, or Try again after the platform refused. */
export function PushTurnOnButton({
  status,
  onClick,
  disabled,
}: {
  status: PushStatus;
  onClick(): void;
  disabled: boolean;
}) {
  return (
    <Button variant="contained" onClick={onClick} disabled={disabled}>
      {status === 'failed' ? 'Try again' : 'Turn on'}
    </Button>
  );
}
