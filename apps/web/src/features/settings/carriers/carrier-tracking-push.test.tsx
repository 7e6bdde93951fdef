import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Role, type CarrierAccount, type CarrierPush } from '@shipdesk/contract';
import { mockFetch, type RecordedRequest } from '@/lib/testing/render-with-store';
import { carrierAccount, ok, refused, renderSettingsAt, sent } from '../testing';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: toastSuccess } }));

const BASE = 'https://ship.example.test/hooks/tracking';
const UPS = carrierAccount();
const FEDEX = carrierAccount({ id: '8', carrier: 'fedex', name: 'FedEx returns', isDefault: true });
const USPS = carrierAccount({ id: '9', carrier: 'usps', name: 'USPS east', isDefault: true });
const SECRET = 'Zk3u8Qp0aW1rT2xHc9VbN4mE7yR5dJ6s';

function carrierPush(account: CarrierAccount, overrides: Partial<CarrierPush> = {}): CarrierPush {
  const ups = account.carrier === 'ups';
  return {
    carrierAccountId: account.id,
    carrier: account.carrier,
    status: 'active',
    message: null,
    listenerUrl: `${BASE}/hook-of-${account.id}-0123456789abcdef`,
    tokenUrl: ups ? `${BASE}/ups/token` : null,
    clientId: ups ? `hook-of-${account.id}-0123456789abcdef` : null,
    clientSecret: null,
    ...overrides,
  };
}

type Reply = (request: RecordedRequest) => Response;
let requests: RecordedRequest[];
let pushes: Record<string, CarrierPush | null>;
let setupReply: Reply;
let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  pushes = { '7': null, '8': null, '9': null };
  setupReply = (request) => {
    const id = request.url.split('/')[3]!;
    const account = [UPS, FEDEX, USPS].find((a) => a.id === id)!;
    pushes[id] = carrierPush(account);
    return ok({ ...pushes[id], clientSecret: account.carrier === 'ups' ? SECRET : null });
  };
  requests = mockFetch((request) => {
    const { method, url } = request;
    if (method === 'GET' && url === '/api/v1/carrierAccounts') return ok({ rows: [UPS, FEDEX, USPS] });
    if (method === 'GET' && url === '/call/setupGuide') return ok({});
    const push = /^\/call\/carriers\/(\d+)\/trackingPush$/.exec(url);
    if (push && method === 'GET') return ok(pushes[push[1]!] ?? null);
    if (push && method === 'POST') return setupReply(request);
    if (push && method === 'DELETE') {
      pushes[push[1]!] = { ...pushes[push[1]!]!, status: 'disabled' };
      return ok(pushes[push[1]!]);
    }
    return refused(404, 'Not Found');
  });
  toastError.mockClear();
  toastSuccess.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

/** user-event puts its own clipboard on navigator; ours replaces it afterwards, to see what is written. */
function setup() {
  const user = userEvent.setup();
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return user;
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;
const open = async (user: ReturnType<typeof setup>, account: CarrierAccount) => {
  await user.click(await screen.findByRole('button', { name: `Tracking updates of ${account.name}` }));
  return screen.getByRole('dialog', { name: `Tracking updates: ${account.name}` });
};

describe('Settings > Carriers, tracking updates', { timeout: 20_000 }, () => {
  it('says per account whether Shipdesk asks or the carrier pushes, and that the built-in carrier has no tracking', async () => {
    pushes['7'] = carrierPush(UPS);
    pushes['9'] = carrierPush(USPS, { status: 'failed', message: 'Subscription refused: MID not enrolled' });
    renderSettingsAt('/settings/carriers');
    const ups = await rowOf('UPS main');
    expect(await within(ups).findByText('Pushed by UPS')).toBeInTheDocument();
    expect(within(ups).getByLabelText('Pushes of UPS main: Active')).toBeInTheDocument();
    const fedex = await rowOf('FedEx returns');
    expect(await within(fedex).findByText('Asked by Shipdesk (polling)')).toBeInTheDocument();
    expect(within(await rowOf('USPS east')).getByLabelText('Pushes of USPS east: Failed')).toBeInTheDocument();
    const local = await rowOf('Shipdesk Local');
    expect(within(local).getByText('No tracking')).toBeInTheDocument();
    expect(within(local).getByText('You mark its parcels delivered.')).toBeInTheDocument();
  });

  it("turns USPS's pushes on in one click, shows the carrier's refusal in its words, and tries again", async () => {
    const user = setup();
    setupReply = () => {
      pushes['9'] = carrierPush(USPS, { status: 'failed', message: 'USPS refused: MID 900066622 is not enrolled' });
      return ok(pushes['9']);
    };
    renderSettingsAt('/settings/carriers');
    const dialog = await open(user, USPS);
    expect(await within(dialog).findByText('Asked by Shipdesk (polling)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Turn on pushes' }));
    expect(await within(dialog).findByText('USPS answered: USPS refused: MID 900066622 is not enrolled')).toBeVisible();
    expect(within(dialog).getByLabelText('Pushes: Failed')).toBeInTheDocument();
    expect(sent(requests, 'POST', '/call/carriers/9/trackingPush')[0]!.body).toEqual({});
    expect(toastSuccess).not.toHaveBeenCalled();

    setupReply = () => refused(409, 'This carrier does not push tracking');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This carrier does not push tracking');

    setupReply = () => ok((pushes['9'] = carrierPush(USPS)));
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByLabelText('Pushes: Active')).toBeInTheDocument();
    expect(within(dialog).getByText('Pushed by USPS')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(toastSuccess).toHaveBeenCalledWith('Tracking pushes are on for USPS east.');
    // The row follows without asking again.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await rowOf('USPS east')).getByLabelText('Pushes of USPS east: Active')).toBeInTheDocument();
    expect(sent(requests, 'GET', '/call/carriers/9/trackingPush')).toHaveLength(1);
  });

  it("shows UPS's client secret once, with copy buttons, and never again", async () => {
    const user = setup();
    renderSettingsAt('/settings/carriers');
    let dialog = await open(user, UPS);
    await user.click(await within(dialog).findByRole('button', { name: 'Turn on pushes' }));
    expect(await within(dialog).findByText(/Paste these into UPS's developer portal \(Track Alert\)/)).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Client secret' })).toHaveValue(SECRET);
    expect(within(dialog).getByRole('textbox', { name: 'Token URL' })).toHaveValue(`${BASE}/ups/token`);
    expect(within(dialog).getByRole('textbox', { name: 'Client id' })).toHaveValue('hook-of-7-0123456789abcdef');
    expect(within(dialog).getByRole('textbox', { name: 'Listener URL' })).toHaveValue(pushes['7']!.listenerUrl);
    await user.click(within(dialog).getByRole('button', { name: 'Copy Client secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(toastSuccess).toHaveBeenCalledWith('Client secret copied.');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await open(user, UPS);
    expect(await within(dialog).findByRole('textbox', { name: 'Client id' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Client secret' })).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(SECRET);
    expect(within(dialog).getByText(/The client secret was shown once/)).toBeInTheDocument();
  });

  it('turns pushes off after a confirmation', async () => {
    const user = setup();
    pushes['7'] = carrierPush(UPS);
    renderSettingsAt('/settings/carriers');
    const dialog = await open(user, UPS);
    await user.click(await within(dialog).findByRole('button', { name: 'Turn off pushes' }));
    const confirm = screen.getByRole('dialog', { name: 'Turn off tracking pushes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent(requests, 'DELETE', '/call/carriers/7/trackingPush')).toHaveLength(0);

    // The dialog is back in reach once the confirmation has gone.
    await user.click(await within(dialog).findByRole('button', { name: 'Turn off pushes' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Turn off tracking pushes?' })).getByRole('button', {
        name: 'Turn off',
      }),
    );
    expect(await within(dialog).findByText('Asked by Shipdesk (polling)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Pushes: Turned off')).toBeInTheDocument();
    expect(sent(requests, 'DELETE', '/call/carriers/7/trackingPush')).toHaveLength(1);
    expect(await within(dialog).findByRole('button', { name: 'Turn on pushes' })).toBeInTheDocument();
  });

  it("asks for FedEx's security token, naming the field, then gives the listener URL for FedEx's portal", async () => {
    const user = setup();
    renderSettingsAt('/settings/carriers');
    const dialog = await open(user, FEDEX);
    const token = await within(dialog).findByLabelText(/^Security token/);
    expect(token).toHaveAttribute('type', 'password');
    const turnOn = within(dialog).getByRole('button', { name: 'Turn on pushes' });
    await user.click(turnOn);
    expect(token).toHaveAccessibleDescription('Security token is required');
    await user.type(token, 'too-short');
    const header = within(dialog).getByRole('textbox', { name: 'Signature header (optional)' });
    await user.type(header, 'X Fdx Sig');
    await user.click(turnOn);
    expect(token).toHaveAccessibleDescription('Security token must be 16 to 200 characters');
    expect(header).toHaveAccessibleDescription('Signature header may hold only letters, digits and dashes (up to 64)');
    expect(sent(requests, 'POST', '/call/carriers/8/trackingPush')).toHaveLength(0);

    // The server's refusal of a field lands on that field.
    setupReply = () => refused(400, 'Invalid input', { secret: 'secret must NOT have more than 200 characters' });
    await user.clear(token);
    await user.type(token, 'fedex-security-token-0123456789');
    await user.clear(header);
    await user.type(header, 'X-Fdx-Sig');
    await user.click(turnOn);
    await waitFor(() => expect(token).toHaveAccessibleDescription('secret must NOT have more than 200 characters'));

    setupReply = () => ok((pushes['8'] = carrierPush(FEDEX)));
    await user.click(turnOn);
    expect(await within(dialog).findByText(/Advanced Integrated Visibility\) as the webhook's URL/)).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Listener URL' })).toHaveValue(pushes['8']!.listenerUrl);
    expect(sent(requests, 'POST', '/call/carriers/8/trackingPush').at(-1)!.body).toEqual({
      secret: 'fedex-security-token-0123456789',
      signatureHeader: 'X-Fdx-Sig',
    });
    expect(within(dialog).queryByLabelText(/^Security token/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change security token' })).toBeInTheDocument();
  });

  it('shows a Manager the state read-only', async () => {
    const user = setup();
    pushes['7'] = carrierPush(UPS);
    renderSettingsAt('/settings/carriers', Role.Manager);
    const dialog = await open(user, UPS);
    expect(await within(dialog).findByText('Pushed by UPS')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Listener URL' })).toBeInTheDocument();
    expect(within(dialog).getByText('Only administrators can turn pushes on or off.')).toBeInTheDocument();
    for (const name of ['Turn off pushes', 'Turn on pushes', 'New client secret']) {
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const fedex = await open(user, FEDEX);
    expect(await within(fedex).findByText('Asked by Shipdesk (polling)')).toBeInTheDocument();
    expect(within(fedex).queryByLabelText(/^Security token/)).not.toBeInTheDocument();
    expect(within(fedex).queryByRole('button', { name: 'Turn on pushes' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.method !== 'GET')).toBe(false);
  });
});
