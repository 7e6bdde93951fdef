import { Link as RouterLink } from 'react-router';
import { hrefs } from '@/config/paths';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '@/lib/document-title';
import { CenteredPage } from './centered-page';

/** Any unknown path (spec 2.2), also an unknown order or action under a known path. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <CenteredPage>
      <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }} aria-hidden>
        404
      </Typography>
      <Typography variant="h5" component="h1">
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 440 }}>
        The page you asked for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to={hrefs.orders()} variant="contained" sx={{ mt: 1 }}>
        Back to orders
      </Button>
    </CenteredPage>
  );
}
