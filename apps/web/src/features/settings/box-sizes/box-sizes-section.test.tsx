import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { weightText } from '@shipdesk/contract';
import { mockFetch, type RecordedRequest } from '@/lib/testing/render-with-store';
import { boxSize, ok, refused, renderSettingsAt, sent } from '../testing';
import { toBoxSizeInput, validateBoxSizeForm } from './box-size-form';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: { error: toastError, success: toastSuccess } }));

let requests: RecordedRequest[];
let saveReply: (request: RecordedRequest) => Response;

beforeEach(() => {
  saveReply = (request) => ok({ ...boxSize({ id: '6' }), ...(request.body as object) }, 201);
  requests = mockFetch((request) => {
    const { method, url } = request;
    if (method === 'GET' && url === '/api/v1/configs') return ok([]);
    if (method === 'GET' && url === '/api/v1/carrierAccounts') return ok({ rows: [] });
    if (method === 'GET' && url === '/api/v1/orderBoxSizes') return ok([boxSize()]);
    if (url.startsWith('/api/v1/orderBoxSizes')) return saveReply(request);
    if (method === 'GET' && url === '/call/setupGuide') return ok({});
    return refused(404, 'Not Found');
  });
  toastError.mockClear();
  toastSuccess.mockClear();
});

afterEach(() => vi.unstubAllGlobals());

describe('Settings > Labels > Box sizes', { timeout: 20_000 }, () => {
  it('lists the boxes with inches, grams and pounds', async () => {
    renderSettingsAt('/settings/labels');
    const table = await screen.findByRole('table', { name: 'Box sizes' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Small mailer');
    expect(row).toHaveTextContent('12 × 9 × 4 in');
    expect(row).toHaveTextContent('120 g (0.26 lb)');
    expect(row).toHaveTextContent('4.5 kg (9.92 lb)');
  });

  it('adds a box, checking the numbers first and showing the server errors on their fields', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/labels');
    await screen.findByRole('table', { name: 'Box sizes' });
    await user.click(screen.getByRole('button', { name: 'Add box size' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a box size' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Large box');
    await user.type(within(dialog).getByRole('textbox', { name: /^Length/ }), '0');
    await user.type(within(dialog).getByRole('textbox', { name: /^Width/ }), '12');
    await user.type(within(dialog).getByRole('textbox', { name: /^Height/ }), '8.5');
    await user.type(within(dialog).getByRole('textbox', { name: /^Maximum weight/ }), '9000.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('textbox', { name: /^Length/ })).toHaveAccessibleDescription('Above 0, up to 200');
    expect(within(dialog).getByRole('textbox', { name: /^Maximum weight/ })).toHaveAccessibleDescription(
      'Whole grams, 1 to 1,000,000',
    );
    expect(sent(requests, 'POST', '/api/v1/orderBoxSizes')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /^Length/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Length/ }), '16');
    const max = within(dialog).getByRole('textbox', { name: /^Maximum weight/ });
    await user.clear(max);
    await user.type(max, '9000');
    expect(max).toHaveAccessibleDescription('≈ 19.84 lb');
    saveReply = () => refused(400, 'Invalid input', { name: 'A box named "Large box" exists already' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
        'A box named "Large box" exists already',
      ),
    );

    saveReply = (request) => ok({ ...boxSize({ id: '6' }), ...(request.body as object) }, 201);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'POST', '/api/v1/orderBoxSizes').at(-1)!.body).toEqual({
      name: 'Large box',
      length: 16,
      width: 12,
      height: 8.5,
      maxWeight: 9000,
    });
    await waitFor(() => expect(sent(requests, 'GET', '/api/v1/orderBoxSizes')).toHaveLength(2));
  });

  it('edits a box with PUT', async () => {
    const user = userEvent.setup();
    renderSettingsAt('/settings/labels');
    await screen.findByRole('table', { name: 'Box sizes' });
    await user.click(screen.getByRole('button', { name: 'Edit Small mailer' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Small mailer' });
    const empty = within(dialog).getByRole('textbox', { name: /^Empty weight/ });
    expect(empty).toHaveValue('120');
    await user.clear(empty);
    await user.type(empty, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'PUT', '/api/v1/orderBoxSizes/5')[0]!.body).toEqual({
      name: 'Small mailer',
      length: 12,
      width: 9,
      height: 4,
      emptyWeight: 150,
      maxWeight: 4500,
    });
  });
});

describe('box size form', () => {
  it('validates and converts', () => {
    const values = { name: ' Mailer ', length: '10', width: '7', height: '1.5', emptyWeight: '', maxWeight: '900' };
    expect(validateBoxSizeForm(values)).toEqual({});
    expect(toBoxSizeInput(values)).toEqual({ name: 'Mailer', length: 10, width: 7, height: 1.5, maxWeight: 900 });
    expect(validateBoxSizeForm({ ...values, name: '', height: '201', emptyWeight: '-1' })).toEqual({
      name: 'Name is required',
      height: 'Above 0, up to 200',
      emptyWeight: 'Whole grams, 0 to 100,000',
    });
    expect(weightText(453)).toBe('453 g (1.00 lb)');
  });
});
