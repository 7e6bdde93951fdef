import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReturnLabelsResult } from '@shipdesk/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { hrefs } from '@/config/paths';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { apiErrorMessage } from '@/lib/errors';
import { rmaWords } from './return-words';
import { useCreateReturnLabelsMutation } from './returns-api';

/** Why an order got no return label: the server's words, but plain ones for an order with nothing shipped. */
const refusalWords = (error: { reason: string; message: string } | null) =>
  error?.reason === 'invalid_status'
    ? 'nothing of it has shipped, so there is nothing to return'
    : (error?.message ?? 'refused');

/** The most orders one `POST /call/returnLabels` takes (ReturnLabelsCreateSchema). */
const RETURN_LABELS_AT_ONCE = 50;

const ordersWord = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** What happened to each order: its return (RMA and tracking number) or why none was made, the order a link. */
function ReturnLabelsResults({ result, onClose }: { result: ReturnLabelsResult; onClose(): void }) {
  const titleId = useId();
  const made = result.results.filter((row) => row.returnLabel).length;
  const total = result.results.length;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        Return labels made for {made} of {ordersWord(total)}
      </DialogTitle>
      <DialogContent>
        <Box component="ul" aria-label="Return labels by order" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {result.results.map((row) => (
            <Box
              component="li"
              key={row.orderId}
              sx={{ py: 1, display: 'flex', gap: 1.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}
            >
              <Link
                component={RouterLink}
                to={hrefs.orderView(row.orderId)}
                sx={{ fontWeight: 600, minWidth: 88, flexShrink: 0 }}
                onClick={onClose}
              >
                {row.orderNumber ?? `Order ${row.orderId}`}
              </Link>
              {row.returnLabel ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {rmaWords(row.returnLabel.rma)} · tracking {row.returnLabel.trackingNumber}
                </Typography>
              ) : (
                <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                  Not made: {refusalWords(row.error)}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The bulk bar's "Return labels": a return label for each selected order, on the service and parcel its own form would
 * propose, e-mailed to the buyers if asked; then what was made and what was refused, order by order.
 */
export function ReturnLabelsBulkButton({ orderIds }: { orderIds: readonly string[] }) {
  const [confirming, setConfirming] = useState(false);
  const [emailBuyers, setEmailBuyers] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ReturnLabelsResult | null>(null);
  const [key, setKey] = useState('');
  const [create, creating] = useCreateReturnLabelsMutation();
  const tooMany = orderIds.length > RETURN_LABELS_AT_ONCE;

  const open = () => {
    setFailure(null);
    setKey(newIdempotencyKey());
    setConfirming(true);
  };
  const run = async () => {
    setFailure(null);
    try {
      const answer = await create({
        body: { orderIds: [...orderIds], emailBuyer: emailBuyers },
        idempotencyKey: key,
      }).unwrap();
      setConfirming(false);
      setResult(answer);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The return labels could not be made.'));
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        onClick={open}
        disabled={creating.isLoading || orderIds.length === 0}
        startIcon={
          creating.isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : <AssignmentReturnOutlined />
        }
      >
        Return labels
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Return labels for ${ordersWord(orderIds.length)}?`}
        confirmLabel="Make return labels"
        busy={creating.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          tooMany ? setFailure(`Select at most ${RETURN_LABELS_AT_ONCE} orders at a time.`) : void run()
        }
        message={
          <>
            {failure ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {failure}
              </Alert>
            ) : null}
            {tooMany && !failure ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                Select at most {RETURN_LABELS_AT_ONCE} orders at a time.
              </Alert>
            ) : null}
            Each shipped order gets a return label on the service, parcel and RMA its own form proposes. Labels on
            pay-on-use services are charged only when the buyer uses them; others are charged now.
            <FormControlLabel
              sx={{ display: 'flex', mt: 1.5 }}
              control={
                <Checkbox
                  checked={emailBuyers}
                  disabled={creating.isLoading}
                  onChange={(change) => setEmailBuyers(change.target.checked)}
                />
              }
              label="E-mail each label to the buyer"
            />
          </>
        }
      />
      {result ? <ReturnLabelsResults result={result} onClose={() => setResult(null)} /> : null}
    </>
  );
}
