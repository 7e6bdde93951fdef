import { useLayoutEffect, useRef, type RefObject } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { hrefs } from '@/config/paths';
import type { BulkReportContent } from '../hooks/use-bulk-order-event';

export interface BulkReportProps {
  report: BulkReportContent;
  onClose(): void;
  /** Takes the focus when the report is closed with it inside (its close button), which would leave it nowhere. */
  focusAfterClose?: RefObject<HTMLElement | null>;
}

/**
 * How a bulk action went (approve, mark as shipped, cancel, run the shipping rules, buy labels): what it did, and for
 * each order it was not done to its order number (a link to the order, where it can be looked at or fixed) and the
 * reason. A report made `autoFocus` takes the focus as it is shown, so that it is read out and the keyboard carries on
 * from it; closed while it holds the focus, it hands the focus to `focusAfterClose`. Loaded by BulkReport when a
 * report is shown, not with the order list.
 */
export function BulkReportAlert({ report, onClose, focusAfterClose }: BulkReportProps) {
  const ref = useRef<HTMLDivElement>(null);
  // In the commit that shows the report, not in a passive effect: that can run a task later on a busy device, and
  // meanwhile the focus is nowhere (the confirmation's buttons it was on are disabled or gone).
  useLayoutEffect(() => {
    if (report.autoFocus) ref.current?.focus();
  }, [report]);
  const close = () => {
    // The close button held the focus (or, clicked in some browsers, nothing did): the list behind takes it.
    const active = document.activeElement;
    if (!active || active === document.body || ref.current?.contains(active)) focusAfterClose?.current?.focus();
    onClose();
  };
  const failures = report.failures ?? [];
  return (
    <Alert ref={ref} tabIndex={-1} severity={report.severity} onClose={close} sx={{ mb: 2 }}>
      <AlertTitle>{report.title}</AlertTitle>
      {report.message}
      {failures.length > 0 ? (
        <Box component="ul" aria-label={report.failuresLabel} sx={{ m: 0, pl: 2.5 }}>
          {failures.map((failure) => (
            <li key={failure.orderId}>
              <Link
                component={RouterLink}
                to={hrefs.orderView(failure.orderId)}
                color="inherit"
                sx={{ fontWeight: 600 }}
              >
                {failure.orderNumber}
              </Link>
              : {failure.message}
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
