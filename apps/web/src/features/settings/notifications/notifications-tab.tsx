import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiErrorMessage } from '@/lib/errors';
import { useGetBuyerNoticeSettingsQuery } from './notifications-api';
import { NoticeStoreForm } from './notice-store-form';

/** Settings > Notifications: the e-mails Shipdesk sends buyers, per store (manual orders first). */
export function NotificationsTab({ readOnly }: { readOnly: boolean }) {
  const { data, error, isLoading } = useGetBuyerNoticeSettingsQuery();
  if (isLoading) return <CircularProgress aria-label="Loading notification settings" />;
  if (error || !data) {
    return <Alert severity="error">{apiErrorMessage(error, 'The notification settings could not be loaded')}</Alert>;
  }
  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary">
        E-mail your buyers when their parcel ships (with a link to its tracking page) and when it is delivered. Each
        e-mail goes once per parcel.
      </Typography>
      {data.map((settings) => (
        <NoticeStoreForm key={settings.storeKey} settings={settings} readOnly={readOnly} />
      ))}
    </Stack>
  );
}
