import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReturnLabel } from '@shipdesk/contract';
import { fail, ok, stubApi } from '@/lib/testing/api-stub';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { ReturnsCard } from './returns-card';
import { returnLabel } from './returns-testing';

const { toastSuccess, toastInfo } = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastInfo: vi.fn() }));
vi.mock('@/lib/toast/toast', () => ({ toast: { success: toastSuccess, info: toastInfo, error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const PAY_ON_USE = returnLabel();
const CHARGED = returnLabel({
  id: '42',
  rma: 'RMA-1001-2',
  carrier: 'ups',
  serviceName: 'Ground Return',
  trackingNumber: '1Z999',
  trackingUrl: null,
  payOnUse: false,
  amount: 845,
  email: { status: 'failed', to: 'ada@example.com', sentAt: null, message: 'Mailbox unavailable.' },
});

function serve(list: ReturnLabel[], answers: Record<string, Array<() => Response>> = {}) {
  return stubApi((call) => {
    if (call.method === 'GET' && call.path === '/call/order/5/returnLabels') return ok(list);
    const answer = answers[`${call.method} ${call.path}`]?.shift();
    return answer ? answer() : fail(404, 'Not Found');
  });
}

const renderCard = () => {
  renderWithStore(<ReturnsCard orderId="5" timeZone="UTC" locale="en-US" />);
  return userEvent.setup();
};

const item = (rma: string) => screen.findByRole('listitem', { name: new RegExp(`^Return ${rma}`) });

describe('ReturnsCard', { timeout: 20_000 }, () => {
  it('says what each return costs, where its e-mail went, and links its tracking number', async () => {
    serve([PAY_ON_USE, CHARGED]);
    renderCard();
    const first = await item('RMA-1001-1');
    expect(first).toHaveTextContent('Charged only when the buyer uses it');
    expect(first).toHaveTextContent('E-mailed to ada@example.com on');
    expect(first).toHaveTextContent('Made by sam@example.com');
    expect(within(first).getByRole('link', { name: '9202100' })).toHaveAttribute('href', PAY_ON_USE.trackingUrl);
    const second = await item('RMA-1001-2');
    expect(second).toHaveTextContent('UPS · Ground Return · 1Z999');
    expect(second).toHaveTextContent('Charged $8.45');
    expect(second).toHaveTextContent('The e-mail to ada@example.com failed: Mailbox unavailable');
    expect(screen.getByRole('region', { name: 'Returns' })).toHaveTextContent('2 labels');
  });

  it('shows nothing for an order without returns', async () => {
    const calls = serve([]);
    renderCard();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Returns' })).not.toBeInTheDocument();
  });

  it('sends a failed e-mail again, to the address it is given', async () => {
    const calls = serve([CHARGED], {
      'POST /call/returnLabel/42/email': [() => ok({ ...CHARGED, email: { ...CHARGED.email, status: 'queued' } })],
    });
    const user = renderCard();
    await user.click(within(await item('RMA-1001-2')).getByRole('button', { name: 'Send again' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail return RMA-1001-2' });
    const address = within(dialog).getByRole('textbox', { name: 'E-mail address' });
    expect(address).toHaveValue('ada@example.com');
    await user.clear(address);
    await user.type(address, 'ada@work.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send e-mail' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'ada@work.example' });
    expect(toastInfo).toHaveBeenCalledWith('Sending return RMA-1001-2 to ada@work.example.');
  });

  it("voids a return after a confirmation, showing the carrier's refusal in its words", async () => {
    const voided = { ...PAY_ON_USE, status: 'voided' as const, voidedAt: '2026-03-03T10:00:00Z' };
    const calls = serve([PAY_ON_USE], {
      'POST /call/returnLabel/41/void': [
        () => fail(409, 'USPS: this label was already scanned and cannot be voided.', { reason: 'void_refused' }),
        () => ok(voided),
      ],
    });
    const user = renderCard();
    await user.click(within(await item('RMA-1001-1')).getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void return RMA-1001-1?' });
    expect(dialog).toHaveTextContent('It was not charged, so there is nothing to refund.');
    await user.click(within(dialog).getByRole('button', { name: 'Void return label' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'USPS: this label was already scanned and cannot be voided.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Void return label' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.path === '/call/returnLabel/41/void')).toHaveLength(2);
    expect(toastSuccess).toHaveBeenCalledWith('Return RMA-1001-1 voided.');
  });

  it('marks a voided return and offers it no more void or e-mail', async () => {
    serve([{ ...CHARGED, status: 'refund_requested', voidedAt: '2026-03-03T10:00:00Z' }]);
    renderCard();
    const voided = await item('RMA-1001-2, voided');
    expect(within(voided).getByText('Voided · refund requested')).toBeInTheDocument();
    expect(within(voided).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(within(voided).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(within(voided).getByRole('button', { name: 'Preview' })).toBeEnabled();
  });
});
