import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, type RecordedRequest } from '@/lib/testing/render-with-store';
import { boxSize, ok, refused, renderSettingsAt, sent } from '../testing';
import { defaultBoxSizeForm, toBoxSizeInput, validateBoxSizeForm } from './box-size-form';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { error: toastError, success: toastSuccess } }));

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
  it('lists the boxes in inches, pounds and ounces (imperial)', async () => {
    renderSettingsAt('/settings/labels');
    const table = await screen.findByRole('table', { name: 'Box sizes' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Small mailer');
    expect(row).toHaveTextContent('12 × 9 × 4 in');
    expect(row).toHaveTextContent('4.2 oz');
    expect(row).toHaveTextContent('9 lb 14.7 oz');
  });

  it('lists and edits the boxes in centimetres, grams and kilograms (metric), keeping what nobody edited', async () => {
    const warehouse = { name: 'W', address1: '1 Str.', city: 'Berlin', postalCode: '10115', country: 'DE' };
    requests = mockFetch((request) =>
      request.method === 'GET' && request.url === '/api/v1/configs'
        ? ok([{ key: 'warehouse_info', value: null, options: warehouse, updated_at: '2025-01-01T00:00:00Z' }])
        : request.method === 'GET' && request.url === '/api/v1/orderBoxSizes'
          ? ok([boxSize()])
          : request.url.startsWith('/api/v1/orderBoxSizes')
            ? saveReply(request)
            : ok({ rows: [] }),
    );
    const user = userEvent.setup();
    renderSettingsAt('/settings/labels');
    const table = await screen.findByRole('table', { name: 'Box sizes' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('30.5 × 22.9 × 10.2 cm');
    expect(row).toHaveTextContent('120 g');
    expect(row).toHaveTextContent('4.5 kg');

    await user.click(screen.getByRole('button', { name: 'Edit Small mailer' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Small mailer' });
    expect(within(dialog).getByRole('textbox', { name: /^Width/ })).toHaveValue('22.9');
    const max = within(dialog).getByRole('textbox', { name: /^Maximum weight/ });
    expect(max).toHaveValue('4.5 kg');
    await user.clear(max);
    await user.type(max, '5');
    expect(max).toHaveAccessibleDescription('= 5 kg');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // 22.9 cm typed afresh would be 9.02 in: untouched, the sizes go back as stored.
    expect(sent(requests, 'PUT', '/api/v1/orderBoxSizes/5')[0]!.body).toEqual({
      name: 'Small mailer',
      length: 12,
      width: 9,
      height: 4,
      emptyWeight: 120,
      maxWeight: 5000,
    });
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
    await user.type(within(dialog).getByRole('textbox', { name: /^Maximum weight/ }), '3000 lb');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('textbox', { name: /^Length/ })).toHaveAccessibleDescription(
      'Above 0, up to 200 in',
    );
    expect(within(dialog).getByRole('textbox', { name: /^Maximum weight/ })).toHaveAccessibleDescription(
      'A weight can be at most 2204 lb 10 oz',
    );
    expect(sent(requests, 'POST', '/api/v1/orderBoxSizes')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /^Length/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Length/ }), '16');
    const max = within(dialog).getByRole('textbox', { name: /^Maximum weight/ });
    await user.clear(max);
    await user.type(max, '9000 g');
    expect(max).toHaveAccessibleDescription('= 19 lb 13.5 oz');
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
    expect(empty).toHaveValue('4.2 oz');
    await user.clear(empty);
    await user.type(empty, '150 g');
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
  const typed = (text: string) => ({ stored: null, typed: text });
  const values = {
    name: ' Mailer ',
    length: typed('10'),
    width: typed('7'),
    height: typed('1.5'),
    emptyWeight: typed(''),
    maxWeight: typed('2 lb'),
  };

  it('validates and converts what was typed, in the tenant units', () => {
    expect(validateBoxSizeForm(values, 'imperial')).toEqual({});
    expect(toBoxSizeInput(values, 'imperial')).toEqual({
      name: 'Mailer',
      length: 10,
      width: 7,
      height: 1.5,
      maxWeight: 907,
    });
    expect(toBoxSizeInput({ ...values, length: typed('25.4'), maxWeight: typed('0.9') }, 'metric')).toMatchObject({
      length: 10,
      maxWeight: 900,
    });
    expect(
      validateBoxSizeForm(
        { ...values, name: '', height: typed('201'), emptyWeight: typed('-1'), maxWeight: typed('0') },
        'imperial',
      ),
    ).toEqual({
      name: 'Name is required',
      height: 'A length can be at most 200 in',
      emptyWeight: 'A weight cannot be negative',
      maxWeight: 'Above 0, up to 2204 lb 10 oz',
    });
    expect(validateBoxSizeForm({ ...values, emptyWeight: typed('150 kg') }, 'metric')).toEqual({
      emptyWeight: 'At most 100 kg',
    });
  });

  it('sends a box nobody edited back exactly as stored', () => {
    for (const system of ['imperial', 'metric'] as const) {
      const box = boxSize({ length: 12.34, width: 9.87, height: 4.01, emptyWeight: 85, maxWeight: 4501 });
      expect(toBoxSizeInput(defaultBoxSizeForm(box), system)).toEqual({
        name: 'Small mailer',
        length: 12.34,
        width: 9.87,
        height: 4.01,
        emptyWeight: 85,
        maxWeight: 4501,
      });
    }
  });
});
