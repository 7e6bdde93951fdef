import { lazy, Suspense } from 'react';
import type { BulkReportProps } from './bulk-report-alert';

const BulkReportAlert = lazy(() => import('./bulk-report-alert').then((m) => ({ default: m.BulkReportAlert })));

/**
 * How a bulk action went (BulkReportAlert): drawn only after a bulk action, so its code (MUI's Alert) is loaded when
 * a report is first shown rather than with the order list.
 */
export function BulkReport(props: BulkReportProps) {
  return (
    <Suspense fallback={null}>
      <BulkReportAlert {...props} />
    </Suspense>
  );
}
