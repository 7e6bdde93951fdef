import { describe, expect, it } from 'vitest';
import { store } from './testing';
import {
  defaultStoreForm,
  toCreateStore,
  toTestConnection,
  toUpdateStore,
  validateStoreForm,
  type StoreFormValues,
} from './store-form';

const values = (overrides: Partial<StoreFormValues> = {}): StoreFormValues => ({
  ...defaultStoreForm(),
  name: ' Berlin ',
  sourceType: 'Shopify',
  settings: { shopDomain: ' berlin.myshopify.com ', apiVersion: '' },
  credentials: { accessToken: 'shpat_1', clientSecret: '' },
  ...overrides,
});

describe('store form', () => {
  it('sends only the chosen channel’s fields, trimmed, with empty ones left out', () => {
    const body = toCreateStore(
      values({
        settings: { shopDomain: 'a.myshopify.com', storeHash: 'left-from-bigcommerce' },
        syncIntervalMinutes: '15',
      }),
    );
    expect(body).toEqual({
      name: 'Berlin',
      sourceType: 'Shopify',
      settings: { shopDomain: 'a.myshopify.com' },
      credentials: { accessToken: 'shpat_1' },
      syncIntervalMinutes: 15,
    });
  });

  it('starts an edit from the stored settings with empty secrets, and sends no credentials unless typed', () => {
    const saved = store({ syncIntervalMinutes: null });
    const form = defaultStoreForm(saved);
    expect(form.settings.shopDomain).toBe('main.myshopify.com');
    expect(form.credentials).toEqual({ accessToken: '', clientSecret: '', refreshToken: '' });
    expect(form.syncIntervalMinutes).toBe('off');
    expect(toUpdateStore(form, saved)).toEqual({
      name: 'Main Shopify',
      settings: { shopDomain: 'main.myshopify.com' },
      customerOrderCode: 'SHP',
      syncIntervalMinutes: null,
    });
    expect(
      toUpdateStore({ ...form, credentials: { ...form.credentials, refreshToken: 'r2' } }, saved).credentials,
    ).toEqual({ refreshToken: 'r2' });
    expect(toTestConnection(form, saved.id)).toEqual({ storeId: '1', settings: { shopDomain: 'main.myshopify.com' } });
  });

  it('sends the status only when the store was paused or resumed', () => {
    const active = store();
    expect(toUpdateStore({ ...defaultStoreForm(active), paused: true }, active).status).toBe('paused');
    const paused = store({ status: 'paused' });
    expect(defaultStoreForm(paused).paused).toBe(true);
    expect(toUpdateStore(defaultStoreForm(paused), paused)).not.toHaveProperty('status');
    expect(toUpdateStore({ ...defaultStoreForm(paused), paused: false }, paused).status).toBe('active');
    const failing = store({ status: 'error' });
    expect(toUpdateStore(defaultStoreForm(failing), failing)).not.toHaveProperty('status');
  });

  it('asks for required fields, counting a stored secret as given', () => {
    const empty = values({ name: '', settings: {}, credentials: {}, customerOrderCode: 'TOO-LONG-CODE' });
    expect(validateStoreForm(empty)).toEqual({
      name: 'Name is required',
      'settings.shopDomain': 'Shop domain is required',
      'credentials.accessToken': 'Admin API access token is required',
      customerOrderCode: 'Use up to 10 letters, digits or "-"',
    });
    expect(validateStoreForm(values({ credentials: {} }), store())).toEqual({});
    expect(validateStoreForm(values({ sourceType: '' })).sourceType).toBe('Choose a channel');
  });

  it('asks for the rest of a set of fields once one of it is given (Magento’s OAuth values)', () => {
    const magento = (credentials: Record<string, string>) =>
      values({ sourceType: 'Magento', settings: { baseUrl: 'https://shop.example.com' }, credentials });
    expect(validateStoreForm(magento({ accessToken: 't' }))).toEqual({});
    expect(validateStoreForm(magento({ accessToken: 't', consumerKey: 'ck' }))).toEqual({
      'credentials.consumerSecret': 'Consumer secret is required with Consumer key',
      'credentials.accessTokenSecret': 'Access token secret is required with Consumer key',
    });
    expect(
      validateStoreForm(
        magento({ accessToken: 't', consumerKey: 'ck', consumerSecret: 'cs', accessTokenSecret: 'ts' }),
      ),
    ).toEqual({});
  });
});
