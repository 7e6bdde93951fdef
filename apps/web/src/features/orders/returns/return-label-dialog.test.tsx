import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, stubApi, type ApiCall } from '@/lib/testing/api-stub';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { ReturnLabelDialog } from './return-label-dialog';
import { returnDefaults, returnLabel } from './returns-testing';

const { toastSuccess } = vi.hoisted(() => ({ toastSuccess: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { success: toastSuccess, error: vi.fn(), info: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const DEFAULTS_PATH = '/call/order/5/returnLabelDefaults';
const CREATE_PATH = '/call/order/5/returnLabel';

function serve(answers: Array<() => Response>, defaults = returnDefaults()) {
  return stubApi((call) => {
    if (call.path === '/api/v1/configs') return ok([]);
    if (call.path === DEFAULTS_PATH) return ok(defaults);
    if (call.method === 'POST' && call.path === CREATE_PATH) return (answers.shift() ?? (() => fail(500, 'no')))();
    return fail(404, 'Not Found');
  });
}

function renderDialog(onDone = vi.fn()) {
  renderWithStore(
    <ReturnLabelDialog orderId="5" orderNumber="1001" idempotencyKey="key-open" onClose={vi.fn()} onDone={onDone} />,
  );
  return { user: userEvent.setup(), onDone };
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === CREATE_PATH);

// Typing in several fields takes a few seconds when the machine is busy.
describe('ReturnLabelDialog', { timeout: 20_000 }, () => {
  it('shows the form the server proposes, with what each service costs and the addresses read-only', async () => {
    serve([]);
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Return label — order 1001' });
    expect(await within(dialog).findByRole('textbox', { name: 'RMA number' })).toHaveValue('RMA-1001-1');
    const service = within(dialog).getByRole('combobox', { name: 'Carrier service' });
    expect(service).toHaveTextContent('USPS · Ground Advantage');
    expect(service).toHaveAccessibleDescription('USPS main · Charged only when the buyer uses it');
    expect(within(dialog).getByRole('textbox', { name: 'Weight (lb, oz)' })).toHaveValue('1 lb');
    expect(within(dialog).getByRole('checkbox', { name: 'E-mail the label to ada@example.com' })).toBeChecked();
    // One delivery: nothing to choose.
    expect(within(dialog).queryByRole('combobox', { name: 'Delivery being returned' })).not.toBeInTheDocument();
    const back = within(dialog).getByRole('region', { name: 'Back to' });
    expect(back).toHaveTextContent('Your returns address');
    expect(back).toHaveTextContent('Returns desk');
    expect(within(dialog).getByRole('region', { name: 'From the buyer' })).toHaveTextContent('Ada Buyer');
    expect(within(dialog).getByRole('link', { name: 'Change the returns address in Settings' })).toHaveAttribute(
      'href',
      '/settings/warehouse#returns-address',
    );

    // Each service says when it is charged.
    await user.click(service);
    expect(await screen.findByRole('option', { name: /^UPS · Ground/ })).toHaveTextContent(
      'UPS shop · Charged when the label is made',
    );
  });

  it("says why no return label can be made, in the server's words, and offers no button to make one", async () => {
    serve([], returnDefaults({ refusal: { reason: 'no_shipped_units', message: 'Nothing was shipped yet.' } }));
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Nothing was shipped yet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Make return label' })).toBeDisabled();
  });

  it('sends the form with the order version; a retry is the same return, a changed form another', async () => {
    const calls = serve([
      () => fail(502, 'USPS is not answering; try again in a minute.'),
      () => fail(400, 'Invalid input', { errors: { rma: 'RMA-1001-1 is already used by order 998' } }),
      () => ok(returnLabel({ rma: 'RMA-77', carrier: 'ups', trackingNumber: '1Z999' })),
    ]);
    const { user, onDone } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    const rma = await within(dialog).findByRole('textbox', { name: 'RMA number' });
    const make = within(dialog).getByRole('button', { name: 'Make return label' });

    await user.click(make);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('USPS is not answering; try again in a minute.');
    await user.click(make);
    await waitFor(() => expect(rma).toHaveAccessibleDescription('RMA-1001-1 is already used by order 998'));
    // The refused form sent twice: one key, so a lost answer never makes two returns.
    const [first, second] = posts(calls);
    expect(first!.headers.get('Idempotency-Key')).toBe('key-open');
    expect(second!.headers.get('Idempotency-Key')).toBe('key-open');
    expect(first!.body).toEqual({
      deliveryId: '7',
      carrier: 'usps',
      carrierAccountId: '3',
      serviceCode: 'USPS_GROUND_ADVANTAGE',
      weight: 454,
      length: 10,
      width: 8,
      height: 4,
      rma: 'RMA-1001-1',
      format: 'pdf',
      emailBuyer: true,
      version: 4,
    });

    await user.clear(rma);
    await user.type(rma, 'RMA-77');
    expect(rma).not.toHaveAccessibleDescription(/already used/);
    await user.click(within(dialog).getByRole('combobox', { name: 'Carrier service' }));
    await user.click(await screen.findByRole('option', { name: /^UPS · Ground/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /E-mail the label/ }));
    await user.click(make);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const third = posts(calls)[2]!;
    expect(third.headers.get('Idempotency-Key')).not.toBe('key-open');
    expect(third.body).toMatchObject({
      carrier: 'ups',
      carrierAccountId: '8',
      serviceCode: 'UPS_GROUND',
      rma: 'RMA-77',
      emailBuyer: false,
    });
    expect(toastSuccess).toHaveBeenCalledWith('Return label made: RMA-77, tracking 1Z999.');
  });

  it('checks the RMA and the e-mail address before sending, and e-mails another address when given', async () => {
    const calls = serve([() => ok(returnLabel())], returnDefaults({ buyerEmail: null }));
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    const rma = await within(dialog).findByRole('textbox', { name: 'RMA number' });
    const emailBox = within(dialog).getByRole('checkbox', { name: 'E-mail the label' });
    expect(emailBox).not.toBeChecked();
    await user.click(emailBox);
    await user.clear(rma);
    await user.type(rma, 'no spaces allowed');
    await user.click(within(dialog).getByRole('button', { name: 'Make return label' }));
    expect(rma).toHaveAccessibleDescription('Letters, digits and dashes, up to 30 characters');
    const address = within(dialog).getByRole('textbox', { name: /E-mail address/ });
    expect(address).toHaveAccessibleDescription('The order has no buyer e-mail: enter where to send it');
    expect(posts(calls)).toHaveLength(0);

    await user.clear(rma);
    await user.type(rma, 'R-5');
    await user.type(address, 'returns@buyer.example');
    await user.click(within(dialog).getByRole('button', { name: 'Make return label' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ rma: 'R-5', emailBuyer: true, email: 'returns@buyer.example' });
  });
});
