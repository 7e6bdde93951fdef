import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { api } from '@/lib/api/base-api';
import { mockFetch, renderWithStore } from '@/lib/testing/render-with-store';
import { configEntriesFrom, tenantCurrencyFrom, useGetConfigsQuery, useTenantCurrencyQuery } from './tenant-configs';

const currencyRows = (options: unknown) => ({
  data: [
    { key: 'cq_url', value: 'x' },
    { key: 'currency_info', options },
  ],
});

describe('tenantCurrencyFrom', () => {
  it('reads currency_info options, as JSON text or parsed', () => {
    const fromJson = configEntriesFrom(currencyRows('{"currencyCode":"EUR","locale":"de-DE"}'));
    expect(tenantCurrencyFrom(fromJson)).toEqual({ currency: 'EUR', locale: 'de-DE' });
    const partial = configEntriesFrom(currencyRows({ currencyCode: 'JPY' }));
    expect(tenantCurrencyFrom(partial)).toEqual({ currency: 'JPY', locale: 'en' });
  });

  it('falls back to the product default without the entry or with invalid options', () => {
    const fallback = { currency: 'USD', locale: 'en' };
    expect(tenantCurrencyFrom(configEntriesFrom({ data: [] }))).toEqual(fallback);
    expect(tenantCurrencyFrom(configEntriesFrom(currencyRows('{bad')))).toEqual(fallback);
    expect(tenantCurrencyFrom(configEntriesFrom(currencyRows({ currencyCode: 'euro', locale: '' })))).toEqual(fallback);
    expect(tenantCurrencyFrom(configEntriesFrom(null))).toEqual(fallback);
  });
});

function ConfigKeys() {
  const { data } = useGetConfigsQuery();
  return <p>keys: {data?.map((entry) => entry.key).join(',')}</p>;
}

function TenantCurrency() {
  const { data } = useTenantCurrencyQuery();
  return <p>currency: {data ? `${data.currency} ${data.locale}` : 'loading'}</p>;
}

describe('useTenantCurrencyQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shares the one configs request and follows a saved currency', async () => {
    let options = { currencyCode: 'USD', locale: 'en-US' };
    const requests = mockFetch(() =>
      Response.json({ code: 200, success: true, data: [{ key: 'currency_info', value: null, options }] }),
    );
    const { store } = renderWithStore(
      <>
        <ConfigKeys />
        <TenantCurrency />
      </>,
    );

    expect(await screen.findByText('currency: USD en-US')).toBeTruthy();
    expect(screen.getByText('keys: currency_info')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/v1/configs')).toHaveLength(1);

    options = { currencyCode: 'EUR', locale: 'de-DE' };
    act(() => {
      store.dispatch(api.util.invalidateTags(['Config']));
    });

    expect(await screen.findByText('currency: EUR de-DE')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/v1/configs')).toHaveLength(2);
  });
});
