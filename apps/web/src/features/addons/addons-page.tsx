import { useState } from 'react';
import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ADD_ONS, DEFAULT_CURRENCY, type AddOn } from '@shipdesk/contract';
import { formatMoney } from '@/lib/format';
import { PageHeader } from '@/components/page-header';

type BillingPeriod = 'monthly' | 'yearly';

/** The price of an add-on for a period; ADD_ONS holds whole dollars, formatMoney takes cents. */
export function addOnPrice(addOn: AddOn, period: BillingPeriod): string {
  const dollars = period === 'monthly' ? addOn.monthlyPrice : addOn.yearlyPrice;
  return formatMoney(dollars * 100, DEFAULT_CURRENCY, 'en-US');
}

/** /addons (spec 2.5): four add-ons, prices per month or year, installation not open yet. */
export function AddonsPage() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  return (
    <>
      <PageHeader
        title="Add-Ons"
        subtitle="Coming Soon..."
        actions={
          <ToggleButtonGroup
            value={period}
            exclusive
            size="small"
            color="primary"
            aria-label="Billing period"
            onChange={(_event, next: BillingPeriod | null) => {
              if (next) setPeriod(next);
            }}
          >
            <ToggleButton value="monthly" sx={{ px: 2, textTransform: 'none' }}>
              Monthly
            </ToggleButton>
            <ToggleButton value="yearly" sx={{ px: 2, textTransform: 'none' }}>
              Yearly
            </ToggleButton>
          </ToggleButtonGroup>
        }
      />
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' },
        }}
      >
        {ADD_ONS.map((addOn) => (
          <Card component="li" key={addOn.id} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <ExtensionOutlined color="primary" aria-hidden sx={{ mb: 1.5 }} />
              <Typography variant="h6" component="h2" gutterBottom>
                {addOn.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {addOn.content}
              </Typography>
              <Typography
                component="p"
                aria-label={`Price: ${addOnPrice(addOn, period)} per ${period === 'monthly' ? 'month' : 'year'}`}
              >
                <Typography component="span" variant="h5" sx={{ fontWeight: 700 }}>
                  {addOnPrice(addOn, period)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {period === 'monthly' ? ' / month' : ' / year'}
                </Typography>
              </Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button variant="contained" fullWidth disabled>
                Install
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </>
  );
}
