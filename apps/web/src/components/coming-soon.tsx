import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Typography from '@mui/material/Typography';
import { CenteredPage } from './centered-page';

/** /reports and /imports (spec 2.2): their purpose is not defined yet, so they say so. */
export function ComingSoonPage() {
  return (
    <CenteredPage>
      <HourglassEmptyOutlined aria-hidden sx={{ fontSize: 56, color: 'text.secondary' }} />
      <Typography variant="h4" component="h1">
        Coming Soon...
      </Typography>
      <Typography color="text.secondary">This part of Shipdesk is not available yet.</Typography>
    </CenteredPage>
  );
}
