import { Link as RouterLink } from 'react-router';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { SOURCE_TYPES } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

const SOURCE_LABELS: Record<(typeof SOURCE_TYPES)[number], string> = {
  Wholesale: 'Wholesale',
  Ebay: 'eBay',
  AmazonSP: 'Amazon',
  Bigcommerce: 'BigCommerce',
  Walmart: 'Walmart',
  Shopify: 'Shopify',
  Magento: 'Magento',
};

/** /stores (spec 2.2). The store list and connection forms arrive with the stores API. */
export function StoresPage() {
  return (
    <>
      <PageHeader title="Stores" subtitle="The sales channels Shipdesk pulls orders from." />
      <EmptyState
        icon={<StorefrontOutlined />}
        title="No stores connected"
        text={
          <>
            Connect a store and its orders arrive in Shipdesk automatically. A BigCommerce store connects when you
            install Shipdesk from the BigCommerce app marketplace.
            <Box
              component="ul"
              aria-label="Supported channels"
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                mt: 2,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                justifyContent: 'center',
              }}
            >
              {SOURCE_TYPES.map((source) => (
                <li key={source}>
                  <Chip label={SOURCE_LABELS[source]} size="small" variant="outlined" />
                </li>
              ))}
            </Box>
          </>
        }
        action={
          <Button component={RouterLink} to={hrefs.bcInstructionGuide()} variant="contained">
            How to connect BigCommerce
          </Button>
        }
      />
    </>
  );
}
