import { Link as RouterLink } from 'react-router';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Link from '@mui/material/Link';
import { hrefs } from '@/config/paths';

/** Back to the order list, above an order's title. */
export function OrderBackLink() {
  return (
    <Link
      component={RouterLink}
      to={hrefs.orders()}
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, typography: 'body2' }}
    >
      <ArrowBackOutlined fontSize="small" /> Orders
    </Link>
  );
}
