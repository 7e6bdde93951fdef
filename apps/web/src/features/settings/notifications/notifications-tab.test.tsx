import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type BuyerNoticeSettings } from '@shipdesk/contract';
import { mockFetch, type RecordedRequest } from '@/lib/testing/render-with-store';
import { ok, refused, renderSettingsAt, sent } from '../testing';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: toastSuccess } }));

const OFF = {
  shippedEnabled: false,
  deliveredEnabled: false,
  evenWhenChannelNotifies: false,
  shippedSubject: null,
  shippedBody: null,
  deliveredSubject: null,
  deliveredBody: null,
  senderName: null,
  replyTo: null,
  logoUrl: null,
  updatedAt: null,
  updatedBy: null,
};
const MANUAL: BuyerNoticeSettings = {
  storeKey: 'manual',
  storeName: 'Manual orders',
  sourceType: 'manual',
  channelNotifies: false,
  ...OFF,
};
const SHOPIFY: BuyerNoticeSettings = {
  storeKey: '12',
  storeName: 'Northloop Shopify',
  sourceType: 'Shopify',
  channelNotifies: true,
  ...OFF,
};

let requests: RecordedRequest[];
let saveReply: (request: RecordedRequest) => Response;

beforeEach(() => {
  saveReply = (request) => ok({ ...MANUAL, ...(request.body as object) });
  requests = mockFetch((request) => {
    const { method, url } = request;
    if (method === 'GET' && url === '/call/buyerNotices/settings') return ok([MANUAL, SHOPIFY]);
    if (method === 'PUT' && url.startsWith('/call/buyerNotices/settings/')) return saveReply(request);
    if (method === 'POST' && url === '/call/buyerNotices/preview') {
      return ok({
        from: 'Northloop Goods',
        subject: 'Your order 1042 is on its way',
        text: 'Hello Ada',
        html: '<p>Hello Ada</p>',
        sample: true,
      });
    }
    if (method === 'GET' && url === '/call/setupGuide') return ok({});
    return refused(404, 'Not Found');
  });
  toastError.mockClear();
  toastSuccess.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

const section = async (name: string) =>
  (await screen.findByRole('heading', { name, level: 2 })).closest('section') as HTMLElement;

describe('Settings > Notifications', { timeout: 20_000 }, () => {
  it('saves a store: the switches, the sender, a variable chip inserted, empty texts as null', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/notifications');
    const manual = await section('Manual orders');
    // Only a channel that e-mails its buyers offers "also when the channel e-mails".
    expect(within(manual).queryByLabelText('Also when the channel e-mails its buyers')).toBeNull();
    expect(
      within(await section('Northloop Shopify')).getByLabelText('Also when the channel e-mails its buyers'),
    ).toBeInTheDocument();

    await user.click(within(manual).getByLabelText('Shipped e-mail'));
    await user.type(within(manual).getByLabelText('Sender name'), 'Northloop Goods');
    await user.type(within(manual).getByLabelText('Reply-to e-mail'), 'help@northloop.example');
    await user.type(within(manual).getByLabelText('Shipped e-mail subject'), 'Order ');
    await user.click(
      within(within(manual).getByRole('group', { name: 'Variables for the shipped e-mail' })).getByText(
        '{{order_number}}',
      ),
    );
    await user.click(within(manual).getByRole('button', { name: 'Save Manual orders' }));

    await waitFor(() => expect(sent(requests, 'PUT', '/call/buyerNotices/settings/manual')).toHaveLength(1));
    expect(sent(requests, 'PUT', '/call/buyerNotices/settings/manual')[0]!.body).toEqual({
      shippedEnabled: true,
      deliveredEnabled: false,
      evenWhenChannelNotifies: false,
      shippedSubject: 'Order {{order_number}}',
      shippedBody: null,
      deliveredSubject: null,
      deliveredBody: null,
      senderName: 'Northloop Goods',
      replyTo: 'help@northloop.example',
      logoUrl: null,
      // Never saved: the server refuses it if someone saved meanwhile.
      expectedUpdatedAt: null,
    });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Saved the e-mails of Manual orders'));
  });

  it("shows the server's words under the fields it refused", async () => {
    const user = userEvent.setup();
    saveReply = () =>
      refused(400, 'Invalid input', {
        logoUrl: 'The logo must be an https:// address',
        shippedBody: 'Unknown variable {{coupon}}',
      });
    renderSettingsAt('/settings/notifications');
    const manual = await section('Manual orders');
    await user.type(within(manual).getByLabelText('Logo URL'), 'http://cdn.example/logo.png');
    await user.click(within(manual).getByRole('button', { name: 'Save Manual orders' }));
    expect(await within(manual).findByText('The logo must be an https:// address')).toBeInTheDocument();
    expect(within(manual).getByText('Unknown variable {{coupon}}')).toBeInTheDocument();
  });

  it('previews an e-mail in a dialog', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/notifications');
    const manual = await section('Manual orders');
    await user.click(within(manual).getByRole('button', { name: 'Preview shipped e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail preview' });
    expect(within(dialog).getByText('From: Northloop Goods')).toBeInTheDocument();
    expect(within(dialog).getByTestId('notice-preview-subject')).toHaveTextContent('Your order 1042 is on its way');
    expect(within(dialog).getByTitle('E-mail body')).toHaveAttribute('srcdoc', '<p>Hello Ada</p>');
    expect(sent(requests, 'POST', '/call/buyerNotices/preview')[0]!.body).toMatchObject({
      kind: 'shipped',
      storeKey: 'manual',
      subject: null,
    });
  });

  it('is read-only for Managers', async () => {
    renderSettingsAt('/settings/notifications', Role.Manager);
    const manual = await section('Manual orders');
    expect(within(manual).getByLabelText('Shipped e-mail')).toBeDisabled();
    expect(within(manual).getByLabelText('Sender name')).toBeDisabled();
    expect(within(manual).queryByRole('button', { name: 'Save Manual orders' })).toBeNull();
    expect(screen.getByText('Only administrators can change these settings.')).toBeInTheDocument();
  });
});
