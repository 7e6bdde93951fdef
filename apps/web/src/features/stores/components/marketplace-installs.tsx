import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ConnectableStore, Store } from '@shipdesk/contract';
import { StatusChip } from '@/components/status-chip';
import { formatDateTime } from '@/lib/format';
import { sourceLabel } from '@/lib/format/source-type';

/**
 * Stores that installed Shipdesk from a platform's app marketplace (cqConnect). A connected install links to its
 * store's row when that row is on the page shown; the others wait to be connected. Hidden when there are none.
 */
export function MarketplaceInstalls({
  installs,
  stores,
  timeZone,
}: {
  installs: readonly ConnectableStore[];
  /** The stores on screen, to name a connected install's store. */
  stores: readonly Store[];
  timeZone: string;
}) {
  if (installs.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="marketplace-installs" sx={{ mt: 3 }}>
      <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="marketplace-installs" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Connect from marketplace
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Stores that installed Shipdesk from their platform&rsquo;s app marketplace.
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {installs.map((install) => {
          const storeId = install.connectedStoreId;
          const store = storeId ? stores.find((row) => row.id === storeId) : undefined;
          return (
            <Box
              component="li"
              key={install.installId}
              aria-label={`${install.name} (${sourceLabel(install.sourceType)})`}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1.5,
                px: 2,
                py: 1.5,
                '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' },
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {install.name} · {sourceLabel(install.sourceType)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {install.externalRef} · installed {formatDateTime(install.installedAt, timeZone)}
                </Typography>
              </Box>
              {storeId ? (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <StatusChip label="Connected" tone="success" small />
                  {store ? (
                    <Link href={`#store-${store.id}`} variant="body2">
                      {store.name}
                    </Link>
                  ) : null}
                </Box>
              ) : (
                <StatusChip label="Waiting to be connected" tone="info" small />
              )}
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
