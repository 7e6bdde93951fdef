import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { LabelRate, RateError } from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';
import { deliveryDaysText, rateKey } from '../label-parcel';

interface LabelRatesListProps {
  /** False while the parcel cannot be priced yet (the form says why): no "nothing fits" message then. */
  priced: boolean;
  rates: readonly LabelRate[];
  rateErrors: readonly RateError[];
  loading: boolean;
  selected: string;
  locale: string;
  onSelect(key: string): void;
}

/**
 * What the delivery can ship at: one row per carrier service with its price and delivery time, the one the order's
 * shipping method maps to marked; carriers that could not quote say why beside the others.
 */
export function LabelRatesList({
  priced,
  rates,
  rateErrors,
  loading,
  selected,
  locale,
  onSelect,
}: LabelRatesListProps) {
  if (loading) {
    return (
      <Box aria-busy aria-label="Asking the carriers for rates" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={52} />
        ))}
      </Box>
    );
  }
  // Nothing can take the parcel: the server's reasons say why (a carrier that needs customs forms for abroad, a
  // parcel over a carrier's limits); the generic advice only when it gave none.
  if (priced && rates.length === 0) {
    return rateErrors.length > 0 ? (
      <Alert severity="warning">
        <AlertTitle>No carrier service can take this parcel</AlertTitle>
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {rateErrors.map((failure) => (
            <li key={`${failure.carrier}:${failure.carrierAccountId ?? ''}`}>
              {failure.accountName}: {failure.message}
            </li>
          ))}
        </Box>
      </Alert>
    ) : (
      <Typography variant="body2" color="text.secondary">
        No carrier service can take this parcel. Change its size or weight, or connect another carrier in Settings.
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {rateErrors.map((failure) => (
        <Alert key={`${failure.carrier}:${failure.carrierAccountId ?? ''}`} severity="warning">
          {failure.accountName}: {failure.message}
        </Alert>
      ))}
      {!priced ? null : (
        <RadioGroup aria-label="Carrier service" value={selected} onChange={(event) => onSelect(event.target.value)}>
          {rates.map((rate) => {
            const key = rateKey(rate);
            return (
              <FormControlLabel
                key={key}
                value={key}
                control={<Radio />}
                disableTypography
                sx={{
                  m: 0,
                  px: 1,
                  py: 0.5,
                  borderRadius: 1,
                  border: 1,
                  borderColor: selected === key ? 'primary.main' : 'divider',
                  '& + &': { mt: 1 },
                }}
                label={
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, width: '100%', py: 0.5 }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {rate.serviceName}{' '}
                        {rate.mapped ? (
                          <Chip component="span" size="small" label="Mapped" color="primary" variant="outlined" />
                        ) : null}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {rate.accountName} · {deliveryDaysText(rate.deliveryDays)}
                      </Typography>
                    </Box>
                    <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                      {rate.amount === 0 ? 'No postage' : formatMoney(rate.amount, rate.currency, locale)}
                    </Typography>
                  </Box>
                }
              />
            );
          })}
        </RadioGroup>
      )}
    </Box>
  );
}
