import { Link as RouterLink } from 'react-router';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import RadioButtonUncheckedOutlined from '@mui/icons-material/RadioButtonUncheckedOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SETUP_GUIDE_STEPS } from '@shipdesk/contract';
import { PageHeader } from '@/components/page-header';
import { selectSetupGuide, useAppSelector } from '@/lib/store-hooks';

const FEATURES = [
  {
    icon: <StorefrontOutlined />,
    title: 'Connect your stores',
    text: 'Orders from BigCommerce, Shopify, Amazon, eBay, Walmart and Magento arrive in one list.',
  },
  {
    icon: <ReceiptLongOutlined />,
    title: 'Manage every order',
    text: 'Approve, take payment, print packing slips, cancel and reship, with a history of every change.',
  },
  {
    icon: <LocalShippingOutlined />,
    title: 'Ship with the right carrier',
    text: 'Map your shipping methods to carrier services and print PDF or ZPL labels.',
  },
];

/** /welcome: what Shipdesk does and the setup steps, ticked off from the setup-guide call. */
export function WelcomePage() {
  const { setupGuideSteps } = useAppSelector(selectSetupGuide);
  const done = SETUP_GUIDE_STEPS.filter((step) => setupGuideSteps[step.id]).length;

  return (
    <>
      <PageHeader title="Welcome to Shipdesk" subtitle="Orders and shipping for online sellers, in one place." />
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mb: 4,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {FEATURES.map((feature) => (
          <Paper component="li" key={feature.title} variant="outlined" sx={{ p: 2.5 }}>
            <Box aria-hidden sx={{ color: 'primary.main', mb: 1, '& svg': { fontSize: 28 } }}>
              {feature.icon}
            </Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {feature.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {feature.text}
            </Typography>
          </Paper>
        ))}
      </Box>

      <Typography variant="h6" component="h2" id="setup-steps-heading">
        Get set up
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {done} of {SETUP_GUIDE_STEPS.length} steps completed
      </Typography>
      <Paper
        variant="outlined"
        component="ol"
        aria-labelledby="setup-steps-heading"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
      >
        {SETUP_GUIDE_STEPS.map((step, index) => {
          const complete = Boolean(setupGuideSteps[step.id]);
          return (
            <Box
              component="li"
              key={step.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 2,
                px: 2.5,
                py: 1.75,
                borderTop: index === 0 ? 0 : 1,
                borderColor: 'divider',
              }}
            >
              {complete ? (
                <CheckCircleOutlined color="success" titleAccess="Done" />
              ) : (
                <RadioButtonUncheckedOutlined sx={{ color: 'text.disabled' }} titleAccess="To do" />
              )}
              <Typography sx={{ flexGrow: 1, color: complete ? 'text.secondary' : 'text.primary' }}>
                {index + 1}. {step.title}
              </Typography>
              <Button component={RouterLink} to={step.route} size="small" variant={complete ? 'text' : 'outlined'}>
                {complete ? 'Review' : 'Start'}
                <Box component="span" sx={visuallyHidden}>
                  : {step.title}
                </Box>
              </Button>
            </Box>
          );
        })}
      </Paper>
    </>
  );
}

// In sx a width of 1 is 100%: one pixel is said in pixels.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
