import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReturnLabel } from '@shipdesk/contract';
import { CardSection } from '@/components/card-section';
import { QueryError } from '@/components/query-error';
import { isApiError, showApiError } from '@/lib/errors';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';
import { ReturnLabelItem, type ReturnItemAction } from './return-label-item';
import { useListReturnLabelsQuery } from './returns-api';

// The dialogs open on a click: their code comes when the browser is idle after the card appears, or on that click.
const loadPreview = loadOnce(() => import('./return-preview-dialog'));
const loadChanges = loadOnce(() => import('./return-label-change-dialogs'));
const ReturnPreviewDialog = lazy(() => loadPreview().then((m) => ({ default: m.ReturnPreviewDialog })));
const ReturnVoidDialog = lazy(() => loadChanges().then((m) => ({ default: m.ReturnVoidDialog })));
const ReturnEmailDialog = lazy(() => loadChanges().then((m) => ({ default: m.ReturnEmailDialog })));

function preloadDialogs() {
  for (const load of [loadPreview, loadChanges]) void load().catch(() => undefined);
}

interface ReturnsCardProps {
  orderId: string;
  timeZone: string;
  locale: string;
}

type OpenDialog = { kind: 'preview' | 'void' | 'email'; label: ReturnLabel } | null;

/**
 * The order's return labels, newest first (shown once it has one): each with its RMA, service, tracking number, what
 * it costs, the e-mail to the buyer, and preview, download, e-mail again and void. A voided one stays, marked.
 */
export function ReturnsCard({ orderId, timeZone, locale }: ReturnsCardProps) {
  const { data, error, refetch, isFetching } = useListReturnLabelsQuery(orderId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const shown = data !== undefined && data.length > 0;
  useWhenIdle(preloadDialogs, shown);

  // A server without returns (or a tenant without labels) has nothing to show here.
  if (error && !data && isApiError(error) && (error.status === 403 || error.status === 404)) return null;
  if (error && !data) {
    return (
      <CardSection title="Returns">
        <QueryError error={error} fallback="Could not load the returns." refetch={refetch} isFetching={isFetching} />
      </CardSection>
    );
  }
  if (!data || data.length === 0) return null;

  const act = (label: ReturnLabel, action: ReturnItemAction) => {
    if (action !== 'download') return setDialog({ kind: action, label });
    setDownloading(label.id);
    loadPreview()
      .then(({ downloadReturnLabel }) => downloadReturnLabel(label))
      .catch((failure: unknown) => showApiError(failure, 'Could not download the return label.'))
      .finally(() => setDownloading(null));
  };
  const voided = data.filter((label) => label.status !== 'active').length;
  const count = (n: number) => `${n} ${n === 1 ? 'label' : 'labels'}`;
  return (
    <CardSection
      title="Returns"
      padded={false}
      action={
        <Typography variant="body2" color="text.secondary">
          {count(data.length)}
          {voided > 0 ? ` · ${voided} voided` : ''}
        </Typography>
      }
    >
      <Box component="ul" aria-label="Return labels" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.map((label) => (
          <ReturnLabelItem
            key={label.id}
            label={label}
            timeZone={timeZone}
            locale={locale}
            downloading={downloading === label.id}
            onAction={(action) => act(label, action)}
          />
        ))}
      </Box>
      <Suspense fallback={null}>
        {dialog?.kind === 'preview' ? (
          <ReturnPreviewDialog label={dialog.label} onClose={() => setDialog(null)} />
        ) : null}
        {dialog?.kind === 'void' ? <ReturnVoidDialog label={dialog.label} onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'email' ? <ReturnEmailDialog label={dialog.label} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </CardSection>
  );
}
