import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { hrefs } from '@/config/paths';
import { NumberedList } from '@/components/numbered-list';
import { PublicPage } from '@/components/public-page';

/** The setup instructions of spec 2.1, in order. */
const BC_INSTRUCTIONS = [
  <>Open the BigCommerce app marketplace and locate the Shipdesk app.</>,
  <>Install the app on your store.</>,
  <>
    Register with your e-mail address on the{' '}
    <Link component={RouterLink} to={hrefs.register()}>
      registration page
    </Link>
    .
  </>,
  <>Verify your e-mail with the one-time password we send you.</>,
  <>Enter your name, a unique company name and a password.</>,
  <>Sign up.</>,
  <>
    <Link component={RouterLink} to={hrefs.orders()}>
      Log in
    </Link>{' '}
    with the e-mail and password you chose.
  </>,
  <>You will see the product listing.</>,
  <>Click &lsquo;View plans&rsquo;.</>,
  <>Subscribe under the Free plan.</>,
  <>Your store is now connected, and its orders start arriving in Shipdesk.</>,
];

/** /bc_instruction_guide (spec 2.1). */
export function BcInstructionGuidePage() {
  return (
    <PublicPage maxWidth={640}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
        Connect your BigCommerce store
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Follow these steps to install Shipdesk from the BigCommerce app marketplace.
      </Typography>
      <NumberedList items={BC_INSTRUCTIONS} />
    </PublicPage>
  );
}
