import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { OrderAddPage } from './order-add-page';
import { fail, ok, stubApi, type ApiCall } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm(answer: (call: ApiCall) => Response) {
  const calls = stubApi((call) => {
    if (call.path === '/api/v1/configs') {
      return ok([{ key: 'currency_info', value: null, options: { currencyCode: 'USD', locale: 'en-US' } }]);
    }
    return answer(call);
  });
  const result = renderRoutes(
    [
      { path: '/orders/add', Component: OrderAddPage },
      { path: '/orders/view/:id', element: <h1>Order view</h1> },
    ],
    '/orders/add',
  );
  return { ...result, calls, user: userEvent.setup() };
}

const creates = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/store/1/orders');

async function fillValidOrder(user: ReturnType<typeof userEvent.setup>) {
  const item = screen.getByRole('group', { name: 'Item 1' });
  await user.type(within(item).getByRole('textbox', { name: 'SKU' }), 'MUG-1');
  await user.type(within(item).getByRole('textbox', { name: 'Item name' }), 'Mug');
  await user.clear(within(item).getByRole('textbox', { name: 'Qty' }));
  await user.type(within(item).getByRole('textbox', { name: 'Qty' }), '3');
  await user.type(within(item).getByRole('textbox', { name: 'Unit price' }), '0.29');
  const shipping = screen.getByRole('group', { name: 'Shipping address' });
  await user.type(within(shipping).getByRole('textbox', { name: 'Full name' }), 'Ann Lee');
  await user.type(within(shipping).getByRole('textbox', { name: 'Address' }), '1 Main St');
  await user.type(within(shipping).getByRole('textbox', { name: 'City' }), 'Austin');
  await user.type(within(shipping).getByRole('textbox', { name: 'State / region' }), 'TX');
  await user.type(within(shipping).getByRole('textbox', { name: 'Postal code' }), '78701');
}

/** A field of the shipping address, by its label. */
function shippingField(name: string) {
  const shipping = screen.getByRole('group', { name: 'Shipping address' });
  return within(shipping).getByRole('textbox', { name });
}

const ADDRESS = {
  name: 'Ann Lee',
  address1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
};

describe('OrderAddPage', { timeout: 20_000 }, () => {
  it('shows the contract rules per field and sends nothing while the form is invalid', async () => {
    const { calls, user } = renderForm(() => fail(500, 'unexpected'));
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    const item = screen.getByRole('group', { name: 'Item 1' });
    expect(within(item).getByText('SKU is required')).toBeInTheDocument();
    expect(within(item).getByText('Item name is required')).toBeInTheDocument();
    expect(within(item).getByText('Enter an amount')).toBeInTheDocument();
    const shipping = screen.getByRole('group', { name: 'Shipping address' });
    expect(within(shipping).getByText('Name is required')).toBeInTheDocument();
    expect(within(shipping).getByText('Address is required')).toBeInTheDocument();
    expect(within(shipping).getByText('City is required')).toBeInTheDocument();
    expect(within(item).getByRole('textbox', { name: 'SKU' })).toHaveFocus();

    await user.type(within(item).getByRole('textbox', { name: 'Unit price' }), '1.234');
    await user.type(screen.getByRole('textbox', { name: 'Customer e-mail' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await within(item).findByText('Use at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(creates(calls)).toHaveLength(0);
  });

  it('computes totals live from exact minor units and sends the order as a whole', async () => {
    const { calls, user, router } = renderForm(() => ok({ id: '77', orderNumber: 'SO-1077' }, 201));
    await fillValidOrder(user);
    expect(screen.getByLabelText('Line total $0.87')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Shipping' }), '4.35');
    await user.type(screen.getByRole('textbox', { name: 'Discount' }), '0.10');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$5.12');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/view/77'));
    const [create] = creates(calls);
    expect(create!.body).toEqual({
      currency: 'USD',
      lines: [{ sku: 'MUG-1', name: 'Mug', quantity: 3, unitPrice: 29 }],
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      shippingTotal: 435,
      discountTotal: 10,
    });
    expect(create!.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('retries with the same Idempotency-Key after a lost answer and a new one after a refusal', async () => {
    const answers = [
      () => fail(503, 'Service Unavailable'),
      () => fail(400, 'Invalid input', { errors: { 'lines.0.sku': 'lines.0.sku is already used', currency: 'x' } }),
      () => ok({ id: '78', orderNumber: 'SO-1078' }, 201),
    ];
    const { calls, user, router } = renderForm(() => answers.shift()!());
    await fillValidOrder(user);
    const submit = screen.getByRole('button', { name: 'Create order' });
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service Unavailable');
    await user.click(submit);
    const item = screen.getByRole('group', { name: 'Item 1' });
    expect(await within(item).findByText('lines.0.sku is already used')).toBeInTheDocument();
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/view/78'));
    const keys = creates(calls).map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('asks a US address for its state and ZIP code, in the ZIP format, before sending', async () => {
    const { calls, user } = renderForm(() => fail(500, 'unexpected'));
    await fillValidOrder(user);
    await user.clear(shippingField('State / region'));
    await user.clear(shippingField('Postal code'));
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('State is required for a US address')).toBeInTheDocument();
    expect(shippingField('State / region')).toHaveAccessibleDescription('State is required for a US address');
    expect(shippingField('State / region')).toBeInvalid();
    expect(shippingField('Postal code')).toHaveAccessibleDescription('Postal code is required for a US address');
    expect(shippingField('Postal code')).toBeRequired();

    await user.type(shippingField('State / region'), 'TX');
    await user.type(shippingField('Postal code'), '7870');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() =>
      expect(shippingField('Postal code')).toHaveAccessibleDescription(
        'Postal code must be a US ZIP code: 5 digits or 9 (12345 or 12345-6789)',
      ),
    );
    expect(shippingField('State / region')).toBeValid();
    expect(creates(calls)).toHaveLength(0);
  });

  it('refuses a postcode that is not in the format of its country (UK, Canada)', async () => {
    const { calls, user } = renderForm(() => fail(500, 'unexpected'));
    await fillValidOrder(user);
    await user.clear(shippingField('Country'));
    await user.type(shippingField('Country'), 'GB');
    await user.clear(shippingField('Postal code'));
    await user.type(shippingField('Postal code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() =>
      expect(shippingField('Postal code')).toHaveAccessibleDescription(
        'Postal code is not a GB postal code (e.g. SW1A 1AA)',
      ),
    );
    // A UK address needs no state.
    expect(shippingField('State / region')).toBeValid();
    expect(shippingField('State / region')).not.toBeRequired();

    await user.clear(shippingField('Country'));
    await user.type(shippingField('Country'), 'CA');
    await user.clear(shippingField('Postal code'));
    await user.type(shippingField('Postal code'), 'K1A 0B');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() =>
      expect(shippingField('Postal code')).toHaveAccessibleDescription(
        'Postal code is not a CA postal code (e.g. K1A 0B1)',
      ),
    );
    expect(creates(calls)).toHaveLength(0);
  });

  it("puts the server's refusal of a postal code on the field", async () => {
    const { calls, user } = renderForm(() =>
      fail(400, 'Invalid input', {
        errors: { 'shippingAddress.postalCode': 'shippingAddress.postalCode is not a US ZIP code' },
      }),
    );
    await fillValidOrder(user);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() =>
      expect(shippingField('Postal code')).toHaveAccessibleDescription(
        'shippingAddress.postalCode is not a US ZIP code',
      ),
    );
    expect(creates(calls)).toHaveLength(1);
  });

  it('asks for a billing address only when it differs from shipping', async () => {
    const { user } = renderForm(() => fail(500, 'unexpected'));
    expect(screen.queryByRole('group', { name: 'Billing address' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Billing address is the same as shipping' }));
    expect(screen.getByRole('group', { name: 'Billing address' })).toBeInTheDocument();
  });
});
