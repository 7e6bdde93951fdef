import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReturnAddress, ReturnLabelDefaults } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { addressLines } from './return-words';

/** Where Settings shows the returns address (the Warehouse tab, under the ship-from). */
const RETURNS_ADDRESS_HREF = `${hrefs.settings('warehouse')}#returns-address`;

const TO_SOURCE_WORDS: Record<ReturnLabelDefaults['toSource'], string> = {
  returns_address: 'Your returns address',
  warehouse: 'Your ship-from address',
  none: 'No address set',
};

function AddressBlock({ title, address, note }: { title: string; address: ReturnAddress | null; note?: string }) {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 2 }}>
        {title}
      </Typography>
      {note ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      ) : null}
      {address ? (
        addressLines(address).map((line, index) => (
          <Typography key={`${index}-${line}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))
      ) : (
        <Typography variant="body2" color="text.secondary">
          Not known
        </Typography>
      )}
    </Box>
  );
}

/** The return's addresses, read-only: from the buyer back to the returns address (changed in Settings). */
export function ReturnAddresses({ defaults }: { defaults: Pick<ReturnLabelDefaults, 'from' | 'to' | 'toSource'> }) {
  return (
    <Box sx={{ borderRadius: 1, bgcolor: 'action.hover', px: 2, py: 1.5 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <AddressBlock title="From the buyer" address={defaults.from} />
        <AddressBlock title="Back to" address={defaults.to} note={TO_SOURCE_WORDS[defaults.toSource]} />
      </Box>
      <Link component={RouterLink} to={RETURNS_ADDRESS_HREF} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
        Change the returns address in Settings
      </Link>
    </Box>
  );
}
