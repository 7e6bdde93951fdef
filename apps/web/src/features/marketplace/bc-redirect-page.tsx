import { useEffect } from 'react';
import { useLocation } from 'react-router';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hrefs } from '@/config/paths';
import { PublicPage } from '@/components/public-page';
import { rememberMarketplaceInstall } from './use-claim-install';

/** The product's own login entry: /orders on this origin, which sends a signed-out visitor to the SSO. */
export function productLoginUrl(origin: string = window.location.origin): string {
  return new URL(hrefs.orders(), origin).toString();
}

/** /bc_redirect (spec 2.1): where the store platform lands a merchant after installing the app. */
export function BcRedirectPage() {
  const { search } = useLocation();
  // The install waits here until the merchant signs in; the signed-in app then connects the store.
  useEffect(() => rememberMarketplaceInstall(search), [search]);
  return (
    <PublicPage>
      <Stack spacing={3}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, textAlign: 'center' }}>
          Welcome to Shipdesk
        </Typography>
        <Alert severity="success">App has been successfully registered.</Alert>
        <Typography color="text.secondary">
          Log in to Shipdesk to finish connecting your store, set up shipping and start managing your orders.
        </Typography>
        <Button
          variant="contained"
          size="large"
          href={productLoginUrl()}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNew aria-hidden />}
        >
          Log in to Shipdesk
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          The login page opens in a new tab.
        </Typography>
      </Stack>
    </PublicPage>
  );
}
