import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAppConfig } from '@/config/app-config';
import { mockFetch, renderWithStore } from '@/lib/testing/render-with-store';
import { SwitchAppsPage } from './switch-apps-page';
import { siblingApps } from './catalogue-api';

const SSO = 'http://sso.test';
const PRODUCTS = [
  { id: 'iam', name: 'Identity and Access Management', app_logo: `${SSO}/logos/iam.svg`, ui_url: `${SSO}/profile` },
  {
    id: 'rule_engine',
    name: 'Shipping Rule Engine',
    app_logo: `${SSO}/logos/rule_engine.svg`,
    ui_url: 'http://app/ship_rule',
  },
  {
    id: 'multi_carrier_label',
    name: 'Multi-Carrier Labels',
    app_logo: `${SSO}/logos/multi_carrier_label.svg`,
    ui_url: 'http://app/switch_apps',
  },
  { id: 'shipping', name: 'Shipdesk', app_logo: `${SSO}/logos/shipping.svg`, ui_url: 'http://app' },
];

beforeEach(() => {
  setAppConfig({
    oidcIssuer: SSO,
    oidcClientId: 'shipdesk-web',
    oidcAudience: 'https://api.shipdesk.local',
    ssoUrl: SSO,
    supportUrl: '',
    providerUrl: '',
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('SwitchAppsPage', () => {
  it('lists the sibling apps from the SSO catalogue, each opening in a new tab', async () => {
    const requests = mockFetch(() => Response.json({ code: 200, success: true, data: { products: PRODUCTS } }));
    renderWithStore(<SwitchAppsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Switch - Apps' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Loading apps' })).toHaveAttribute('aria-busy', 'true');
    await screen.findByRole('heading', { name: 'Identity and Access Management' });
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(requests[0]?.url).toBe(`${SSO}/call/aml/getProducts`);
    const iam = cards[0]!;
    expect(within(iam).getByRole('heading', { name: 'Identity and Access Management' })).toBeInTheDocument();
    expect(within(iam).getByText('Manage users, roles and sign-in for your organisation.')).toBeInTheDocument();
    const go = within(iam).getByRole('link', { name: /go to app/i });
    expect(go).toHaveAttribute('href', `${SSO}/profile`);
    expect(go).toHaveAttribute('target', '_blank');
    expect(go).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('heading', { name: 'Shipdesk' })).not.toBeInTheDocument();
  });

  it('shows an error with a working retry', async () => {
    let up = false;
    mockFetch(() =>
      up
        ? Response.json({ code: 200, success: true, data: { products: PRODUCTS } })
        : Response.json({ code: 503, success: false, message: 'Catalogue unavailable' }, { status: 503 }),
    );
    renderWithStore(<SwitchAppsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Catalogue unavailable');
    up = true;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Shipping Rule Engine' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});

describe('siblingApps', () => {
  it('drops the shipping app and malformed entries', () => {
    expect(siblingApps({ products: [...PRODUCTS, { id: 'x' }, null] }).map((p) => p.id)).toEqual([
      'iam',
      'rule_engine',
      'multi_carrier_label',
    ]);
    expect(siblingApps(undefined)).toEqual([]);
  });
});
