import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddressCheck } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { OrderViewPage } from '../order-view-page';
import { fail, fullOrder, ok, type ApiCall } from '../testing';
import { addressCheck, APPLY_PATH, CHECK_AGAIN_PATH, CHECK_PATH, serveOrderView } from './address-check-testing';
import { ADDRESS_CHECK_POLL_MS } from './use-address-check';

const { toastInfo, toastSuccess, toastError } = vi.hoisted(() => ({
  toastInfo: vi.fn(),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
}));
vi.mock('@/lib/toast/toast', () => ({ toast: { info: toastInfo, success: toastSuccess, error: toastError } }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderView() {
  renderRoutes([{ path: '/orders/view/:id', element: <OrderViewPage /> }], '/orders/view/5');
  return userEvent.setup();
}

/** The check under the ship-to, inside the shipping address's card (the first render of a run takes a while). */
async function panel() {
  const card = await screen.findByRole('region', { name: 'Shipping address' }, { timeout: 5_000 });
  return within(card).getByRole('region', { name: 'Address check' });
}
const statusLine = async () => within(await panel()).getByRole('status');
/** The check's line comes to say `words`. */
async function expectLine(words: string | RegExp) {
  const line = await statusLine();
  await waitFor(() => expect(line).toHaveTextContent(words));
}
/** Lets the calls under way reach the stub (it records a call once it has read its body). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const checkGets = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === CHECK_PATH);

const SUGGESTION = {
  address1: '1 MAIN ST STE 200',
  address2: null,
  city: 'AUSTIN',
  state: 'TX',
  postalCode: '78701-1234',
  country: 'US',
};

describe('the address check on the ship-to card', { timeout: 20_000 }, () => {
  it.each<[Partial<AddressCheck>, string]>([
    [{ status: 'verified', residential: true }, 'Address verified by USPS · Residential'],
    [{ status: 'corrected', suggestion: SUGGESTION }, 'USPS suggests a correction'],
    [{ status: 'ambiguous', candidates: [SUGGESTION] }, 'USPS found several matches'],
    [{ status: 'invalid', messages: ['Address Not Found.'] }, 'USPS does not know this address: Address Not Found.'],
    [{ status: 'pending', carrier: null }, 'Waiting to be checked'],
    [
      { status: 'format_only', carrier: null },
      'Format checked only: connect a carrier account that checks addresses (Settings > Carriers)',
    ],
  ])('says %o as "%s"', async (overrides, words) => {
    serveOrderView({ check: () => ok(addressCheck(overrides)) });
    renderView();
    await expectLine(words);
  });

  it('says when an unanswered check is tried again, on the tenant clock', async () => {
    const nextAt = new Date(Date.now() + 5 * 60_000);
    serveOrderView({ check: () => ok(addressCheck({ status: 'not_checked', nextAt: nextAt.toISOString() })) });
    renderView();
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(nextAt);
    await expectLine(/^Not checked yet: USPS did not answer;/);
    expect(await statusLine()).toHaveTextContent(new RegExp(`trying again at (\\d{4}-\\d{2}-\\d{2} )?${time}$`));
  });

  it('points a format-only check to the carrier settings and lists the problems of the format', async () => {
    serveOrderView({
      check: () => ok(addressCheck({ status: 'format_only', carrier: null, messages: ['The postcode is missing.'] })),
    });
    renderView();
    const link = await within(await panel()).findByRole('link', { name: 'Settings > Carriers' });
    expect(link).toHaveAttribute('href', '/settings/carriers');
    expect(within(await panel()).getByRole('listitem')).toHaveTextContent('The postcode is missing.');
  });

  it('gives an invalid address a hint to edit it', async () => {
    serveOrderView({ check: () => ok(addressCheck({ status: 'invalid', messages: ['Address Not Found.'] })) });
    renderView();
    expect(await within(await panel()).findByText(/then edit the address/)).toBeInTheDocument();
  });

  it('shows a correction beside the address, its changes marked, and takes it with the order version', async () => {
    let applied = false;
    const calls = serveOrderView({
      check: () =>
        ok(
          applied
            ? addressCheck({ status: 'verified' })
            : addressCheck({ status: 'corrected', suggestion: SUGGESTION }),
        ),
      order: () =>
        applied
          ? fullOrder({
              id: '5',
              version: 4,
              shippingAddress: { ...fullOrder().shippingAddress!, address1: '1 MAIN ST STE 200', city: 'AUSTIN' },
            })
          : fullOrder({ id: '5' }),
      extra: (call) => {
        if (call.path !== APPLY_PATH) return undefined;
        applied = true;
        return ok({ order: fullOrder({ id: '5', version: 4 }), addressCheck: addressCheck() });
      },
    });
    const user = renderView();
    const suggestion = await within(await panel()).findByRole('group', { name: 'USPS suggests' });
    expect(within(suggestion).getByText('Yours')).toBeInTheDocument();
    // Only what the carrier changes is marked (its capitals are not a change).
    const marked = [...suggestion.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marked).toEqual(['STE 200', '78701-1234']);

    await user.click(within(suggestion).getByRole('button', { name: 'Use this address' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Shipping address updated.'));
    const apply = calls.find((c) => c.path === APPLY_PATH)!;
    expect(apply.method).toBe('POST');
    expect(apply.body).toEqual({ version: 3, use: 'suggestion' });
    expect(apply.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The view follows: the new address on the card, the check verified, the suggestion gone.
    const card = screen.getByRole('region', { name: 'Shipping address' });
    expect(await within(card).findByText('1 MAIN ST STE 200')).toBeInTheDocument();
    await expectLine('Address verified by USPS');
    expect(screen.queryByRole('group', { name: 'USPS suggests' })).not.toBeInTheDocument();
  });

  it('says why a correction could not be taken', async () => {
    serveOrderView({
      check: () => ok(addressCheck({ status: 'corrected', suggestion: SUGGESTION })),
      extra: (call) =>
        call.path === APPLY_PATH
          ? fail(409, 'The order changed since you opened it', { reason: 'stale_version' })
          : undefined,
    });
    const user = renderView();
    await user.click(await screen.findByRole('button', { name: 'Use this address' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('The order changed since you opened it'));
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('"Keep mine" folds the correction away without asking the server, and it can be shown again', async () => {
    const calls = serveOrderView({ check: () => ok(addressCheck({ status: 'corrected', suggestion: SUGGESTION })) });
    const user = renderView();
    await expectLine('USPS suggests a correction');
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(screen.queryByRole('group', { name: 'USPS suggests' })).not.toBeInTheDocument();
    expect(await statusLine()).toHaveTextContent('USPS suggests a correction');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Show the suggestion' }));
    expect(screen.getByRole('group', { name: 'USPS suggests' })).toBeInTheDocument();
  });

  it('offers the candidates of an ambiguous address and takes the one chosen', async () => {
    const candidates = [
      { ...SUGGESTION, address1: '1 MAIN ST N' },
      { ...SUGGESTION, address1: '1 MAIN ST S' },
    ];
    const calls = serveOrderView({
      check: () => ok(addressCheck({ status: 'ambiguous', candidates })),
      extra: (call) =>
        call.path === APPLY_PATH ? ok({ order: fullOrder({ id: '5' }), addressCheck: addressCheck() }) : undefined,
    });
    const user = renderView();
    const choices = await within(await panel()).findByRole('radiogroup');
    const use = screen.getByRole('button', { name: 'Use selected' });
    expect(use).toBeDisabled();
    expect(within(choices).getAllByRole('radio')).toHaveLength(2);
    await user.click(within(choices).getByRole('radio', { name: /1 MAIN ST S/ }));
    await user.click(use);
    await waitFor(() => expect(calls.some((c) => c.path === APPLY_PATH)).toBe(true));
    expect(calls.find((c) => c.path === APPLY_PATH)!.body).toEqual({ version: 3, use: 'candidate', candidate: 1 });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Shipping address updated.'));
  });

  it('checks again on demand: posts the order, says so, and shows it waiting', async () => {
    let asked = false;
    const calls = serveOrderView({
      check: () => ok(asked ? addressCheck({ status: 'pending', carrier: null }) : addressCheck({ status: 'invalid' })),
      extra: (call) => {
        if (call.path !== CHECK_AGAIN_PATH) return undefined;
        asked = true;
        return ok({ queued: 1 }, 202);
      },
    });
    const user = renderView();
    await user.click(await within(await panel()).findByRole('button', { name: 'Check again' }));
    expect(calls.find((c) => c.path === CHECK_AGAIN_PATH)).toMatchObject({
      method: 'POST',
      body: { orderIds: ['5'] },
    });
    await waitFor(() => expect(toastInfo).toHaveBeenCalledWith('Checking the address again.'));
    await expectLine('Waiting to be checked');
    // Already waiting: no second "Check again".
    expect(within(await panel()).queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
  });

  it('asks again every 10 seconds while waiting and the page is in view, and stops once answered', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let answer: AddressCheck = addressCheck({ status: 'pending', carrier: null });
    const calls = serveOrderView({ check: () => ok(answer) });
    renderView();
    await expectLine('Waiting to be checked');
    expect(checkGets(calls)).toHaveLength(1);

    // A hidden tab asks nothing.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => void vi.advanceTimersByTime(ADDRESS_CHECK_POLL_MS * 2));
    await settle();
    expect(checkGets(calls)).toHaveLength(1);
    // Back in view: asked at once, then every 10 seconds.
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    // (testing-library's waitFor polls with setInterval, faked here: the counts are read once the calls settled.)
    await settle();
    expect(checkGets(calls)).toHaveLength(2);
    answer = addressCheck({ status: 'verified', residential: false });
    act(() => void vi.advanceTimersByTime(ADDRESS_CHECK_POLL_MS));
    await settle();
    await expectLine('Address verified by USPS · Commercial');
    expect(checkGets(calls)).toHaveLength(3);
    act(() => void vi.advanceTimersByTime(ADDRESS_CHECK_POLL_MS * 3));
    await settle();
    expect(checkGets(calls)).toHaveLength(3);
  });

  it('says when the check could not be loaded, and tries again', async () => {
    let attempts = 0;
    serveOrderView({
      check: () => (++attempts === 1 ? fail(503, 'The address checks are unavailable') : ok(addressCheck())),
    });
    const user = renderView();
    expect(await within(await panel()).findByText('The address checks are unavailable')).toBeInTheDocument();
    await user.click(within(await panel()).getByRole('button', { name: 'Retry' }));
    await expectLine('Address verified by USPS');
  });

  it('is not shown on a finished order', async () => {
    const calls = serveOrderView({
      check: () => ok(addressCheck()),
      order: () => fullOrder({ id: '5', orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' }),
    });
    renderView();
    await screen.findByRole('region', { name: 'Shipping address' });
    expect(screen.queryByRole('region', { name: 'Address check' })).not.toBeInTheDocument();
    expect(checkGets(calls)).toEqual([]);
  });
});
