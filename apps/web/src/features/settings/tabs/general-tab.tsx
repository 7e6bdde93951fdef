import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, type ConfigEntry } from '@shipdesk/contract';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { controlledFieldProps, fieldProps } from '@/lib/forms/field-props';
import { validatorResolver, type FormRules } from '@/lib/validation';
import { configOptions, optionString, useSaveConfigMutation } from '../api/configs-api';
import { ConfigSaveButton } from './config-save-button';
import { runSave } from './save-config';
import { UnitsSection } from './units-section';

interface CurrencyForm {
  currencyCode: string;
  locale: string;
}
const FIELDS = ['currencyCode', 'locale'] as const;

/** ISO 4217 codes the browser knows, with their English names. */
function currencyOptions(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });
  return Intl.supportedValuesOf('currency').map((code) => ({ code, name: names.of(code) ?? code }));
}

function isSupportedLocale(locale: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf(locale).length > 0;
  } catch {
    return false;
  }
}

const currencyRules: FormRules<CurrencyForm> = {
  currencyCode: {
    label: 'Currency',
    required: 'Choose a currency',
    pattern: { value: /^[A-Z]{3}$/, message: 'Use a 3-letter ISO 4217 code, e.g. USD' },
  },
  locale: {
    label: 'Locale',
    required: true,
    pattern: { value: /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, message: 'Use a language tag such as en or en-US' },
    custom: (value) => (isSupportedLocale(String(value)) ? undefined : 'This locale is not supported'),
  },
};

/** IANA zones the browser knows; ICU leaves UTC out of its list, and people expect to find it first. */
function timeZoneOptions(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
}

interface TimeZoneForm {
  timeZone: string;
}

const timeZoneRules: FormRules<TimeZoneForm> = {
  timeZone: {
    label: 'Time zone',
    required: 'Choose a time zone',
    custom: (value) => (timeZoneOptions().includes(String(value)) ? undefined : 'Choose a time zone from the list'),
  },
};

/**
 * General: currency and number format (config currency_info), the organisation's time zone (time_zone) and the units
 * of weights and sizes (units).
 */
export function GeneralTab({ entries, readOnly = false }: { entries: ConfigEntry[]; readOnly?: boolean }) {
  return (
    <Stack spacing={5} sx={{ maxWidth: 560 }}>
      <CurrencySection entries={entries} readOnly={readOnly} />
      <TimeZoneSection entries={entries} readOnly={readOnly} />
      <UnitsSection entries={entries} readOnly={readOnly} />
    </Stack>
  );
}

function CurrencySection({ entries, readOnly }: { entries: ConfigEntry[]; readOnly: boolean }) {
  const options = configOptions(entries, 'currency_info');
  const form = useForm<CurrencyForm>({
    resolver: validatorResolver(currencyRules),
    defaultValues: {
      currencyCode: optionString(options, 'currencyCode', DEFAULT_CURRENCY),
      locale: optionString(options, 'locale', DEFAULT_LOCALE),
    },
    disabled: readOnly,
  });
  const [saveConfig] = useSaveConfigMutation();
  const currencies = useMemo(currencyOptions, []);
  const [currencyCode, locale] = form.watch(['currencyCode', 'locale']);
  const preview =
    /^[A-Z]{3}$/.test(currencyCode) && isSupportedLocale(locale) ? formatMoney(123456, currencyCode, locale) : null;

  const submit = form.handleSubmit(async (values) => {
    const saved = await runSave(
      () =>
        saveConfig({
          key: 'currency_info',
          options: { currencyCode: values.currencyCode, locale: values.locale.trim() },
        }).unwrap(),
      { success: 'Currency saved.', failure: 'Could not save the currency.', fields: FIELDS, setError: form.setError },
    );
    if (saved) form.reset(values);
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="currency-heading">
      <Typography variant="h6" component="h2" id="currency-heading">
        Currency
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Order totals, payments and rates are shown in this currency and number format.
      </Typography>
      <Stack spacing={2.5}>
        <Controller
          control={form.control}
          name="currencyCode"
          render={(control) => (
            <Autocomplete
              options={currencies}
              disabled={control.field.disabled}
              value={currencies.find((c) => c.code === control.field.value) ?? null}
              onChange={(_event, option) => control.field.onChange(option?.code ?? '')}
              getOptionLabel={(option) => `${option.code} — ${option.name}`}
              isOptionEqualToValue={(option, value) => option.code === value.code}
              renderInput={(params) => (
                <TextField {...params} {...controlledFieldProps(control)} label="Currency" required />
              )}
            />
          )}
        />
        <TextField
          {...fieldProps(form, 'locale', 'Language tag for number formatting, e.g. en, en-US or de-DE.')}
          label="Locale"
          required
          fullWidth
        />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          Example: {preview ?? '—'}
        </Typography>
      </Stack>
      <ConfigSaveButton submitting={form.formState.isSubmitting} readOnly={readOnly} sx={{ mt: 3 }} />
    </Box>
  );
}

function TimeZoneSection({ entries, readOnly }: { entries: ConfigEntry[]; readOnly: boolean }) {
  // Until a user saves one, the tenant's zone is the one provisioning answered (the product default).
  const tenantZone = useTenantTimeZone();
  const stored = entries.find((entry) => entry.key === 'time_zone')?.value ?? tenantZone;
  const form = useForm<TimeZoneForm>({
    resolver: validatorResolver(timeZoneRules),
    defaultValues: { timeZone: stored },
    disabled: readOnly,
  });
  const [saveConfig] = useSaveConfigMutation();
  const zones = useMemo(timeZoneOptions, []);
  const timeZone = form.watch('timeZone');
  const now = zones.includes(timeZone) ? formatDateTime(new Date(), timeZone) : null;

  const submit = form.handleSubmit(async (values) => {
    const saved = await runSave(() => saveConfig({ key: 'time_zone', value: values.timeZone }).unwrap(), {
      success: 'Time zone saved.',
      failure: 'Could not save the time zone.',
      fields: ['timeZone'],
      setError: form.setError,
    });
    if (saved) form.reset(values);
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="time-zone-heading">
      <Typography variant="h6" component="h2" id="time-zone-heading">
        Time zone
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        Dashboard periods (today, this week, this month) start at midnight here, and dates are shown in it.
      </Typography>
      <Controller
        control={form.control}
        name="timeZone"
        render={(control) => (
          <Autocomplete
            options={zones}
            value={control.field.value || null}
            disabled={control.field.disabled}
            onChange={(_event, zone) => control.field.onChange(zone ?? '')}
            renderInput={(params) => (
              <TextField
                {...params}
                {...controlledFieldProps(control, now ? `Now: ${now}` : undefined)}
                label="Time zone"
                required
              />
            )}
          />
        )}
      />
      <ConfigSaveButton submitting={form.formState.isSubmitting} readOnly={readOnly} sx={{ mt: 3 }} />
    </Box>
  );
}
