import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithStore, type RecordedRequest } from '@/lib/testing/render-with-store';
import { IntegrationsTab, isHttpUrl } from './integrations-tab';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: toastSuccess } }));

const NEW_KEY = 'sdk_live_Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXgwMTI';
const NO_KEY = { exists: false, last4: null, createdAt: null, lastUsedAt: null };

let requests: RecordedRequest[];
let keyStatus: unknown;
let saveReply: () => Response;
let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  keyStatus = NO_KEY;
  saveReply = () => Response.json({ code: 200, success: true, data: {} });
  requests = mockFetch(({ method, url }) => {
    if (method === 'GET' && url === '/call/apiKey') return Response.json({ code: 200, success: true, data: keyStatus });
    if (method === 'POST' && url === '/call/apiKey/rotate') {
      keyStatus = { exists: true, last4: NEW_KEY.slice(-4), createdAt: '2025-03-01T17:00:00Z', lastUsedAt: null };
      return Response.json({
        code: 200,
        success: true,
        data: { key: NEW_KEY, last4: NEW_KEY.slice(-4), createdAt: '2025-03-01T17:00:00Z' },
      });
    }
    if (method === 'DELETE' && url === '/call/apiKey') {
      keyStatus = NO_KEY;
      return Response.json({ code: 200, success: true, data: NO_KEY });
    }
    if (method === 'GET' && url === '/api/v1/configs') {
      return Response.json({
        code: 200,
        success: true,
        data: [
          { key: 'cq_url', value: 'https://connect.example.com/', options: null, updated_at: '2025-01-01T00:00:00Z' },
        ],
      });
    }
    if (method === 'POST' && url === '/call/configs/createOrUpdate') return saveReply();
    return Response.json({ code: 404, success: false, message: 'Not Found' }, { status: 404 });
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

const calls = (method: string, url: string) => requests.filter((r) => r.method === method && r.url === url).length;

describe('API key card', () => {
  it('creates a key, shows it once with a copy button and a warning, then only its last four', async () => {
    const user = setup();
    renderWithStore(<IntegrationsTab />);
    expect(await screen.findByText('There is no API key yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create API key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByRole('textbox', { name: 'API key' })).toHaveValue(NEW_KEY);
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(NEW_KEY);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(`sdk_live_…${NEW_KEY.slice(-4)}`)).toBeInTheDocument();
    expect(screen.queryByDisplayValue(NEW_KEY)).toBeNull();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(calls('POST', '/call/apiKey/rotate')).toBe(1);
    expect(calls('GET', '/call/apiKey')).toBe(2);
  });

  it('says so when the browser refuses the clipboard', async () => {
    const user = setup();
    writeText.mockRejectedValue(new Error('denied'));
    renderWithStore(<IntegrationsTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Copy' }));
    expect(
      await screen.findByText('The browser did not allow copying. Select the key and copy it by hand.'),
    ).toHaveRole('alert');
  });

  it('rotates only after confirmation', async () => {
    const user = setup();
    keyStatus = { exists: true, last4: 'abcd', createdAt: '2025-02-01T10:00:00Z', lastUsedAt: '2025-02-02T10:00:00Z' };
    renderWithStore(<IntegrationsTab />);
    expect(await screen.findByText('sdk_live_…abcd')).toBeInTheDocument();
    expect(screen.getByText('2025-02-02 05:00:00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the API key?' });
    expect(confirm).toHaveTextContent('stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST', '/call/apiKey/rotate')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Rotate the API key?' })).getByRole('button', {
        name: 'Rotate',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveValue(NEW_KEY);
    expect(calls('POST', '/call/apiKey/rotate')).toBe(1);
  });

  it('revokes after confirmation', async () => {
    const user = setup();
    keyStatus = { exists: true, last4: 'abcd', createdAt: '2025-02-01T10:00:00Z', lastUsedAt: null };
    renderWithStore(<IntegrationsTab />);
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the API key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('API key revoked.'));
    expect(calls('DELETE', '/call/apiKey')).toBe(1);
    expect(await screen.findByText('There is no API key yet.')).toBeInTheDocument();
  });

  it('shows a refusal from the server in a toast', async () => {
    const user = setup();
    requests = mockFetch(({ method }) =>
      method === 'GET'
        ? Response.json({ code: 200, success: true, data: NO_KEY })
        : Response.json(
            { code: 403, success: false, message: 'Your role does not allow this action' },
            { status: 403 },
          ),
    );
    renderWithStore(<IntegrationsTab />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Your role does not allow this action'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Connect URL', () => {
  it('checks the address in the browser, then shows the server refusal on the field', async () => {
    const user = setup();
    renderWithStore(<IntegrationsTab />);
    const field = await screen.findByRole('textbox', { name: /connect url/i });
    expect(field).toHaveValue('https://connect.example.com/');
    const form = screen.getByRole('form', { name: 'Connect URL' });

    await user.clear(field);
    await user.type(field, 'ftp://files.example.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription('Enter a full http or https address, e.g. https://…');
    expect(calls('POST', '/call/configs/createOrUpdate')).toBe(0);

    const refusal = 'cq_url must point at a public address; localhost is (or resolves to) 127.0.0.1';
    saveReply = () =>
      Response.json(
        { code: 400, success: false, message: 'Invalid input', errors: { value: refusal } },
        { status: 400 },
      );
    await user.clear(field);
    await user.type(field, 'http://localhost:3000/');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(refusal));
    expect(toastError).toHaveBeenCalledWith(refusal);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ key: 'cq_url', value: 'http://localhost:3000/' });

    saveReply = () => Response.json({ code: 200, success: true, data: {} });
    await user.clear(field);
    await user.type(field, ' https://cq.example.org/hook ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Connect URL saved.'));
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      key: 'cq_url',
      value: 'https://cq.example.org/hook',
    });
  });

  it('accepts only absolute http(s) addresses', () => {
    expect(isHttpUrl('https://a.example/')).toBe(true);
    expect(isHttpUrl('http://10.0.0.1:8080/x')).toBe(true);
    expect(isHttpUrl('a.example')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('mailto:a@b.c')).toBe(false);
  });
});
