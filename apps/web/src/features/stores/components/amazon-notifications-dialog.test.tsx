import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AmazonNotificationsState } from '@shipdesk/contract';
import type { RecordedRequest } from '@/lib/testing/render-with-store';
import { NO_COUNTS, renderPushDialog } from '../push-dialog-testing';
import { fail, ok, store } from '../testing';
import { AmazonNotificationsDialog } from './amazon-notifications-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/call/store/7/amazonNotifications';
const QUEUE = 'https://sqs.us-east-1.amazonaws.com/111122223333/shipdesk-orders';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

function state(overrides: Partial<AmazonNotificationsState> = {}): AmazonNotificationsState {
  return {
    status: 'off',
    error: null,
    queueUrl: null,
    region: null,
    awsAccessKeyId: null,
    sellerId: null,
    destinationId: null,
    subscriptionId: null,
    lastHeardAt: null,
    counts: NO_COUNTS,
    ...overrides,
  };
}

const amazonStore = store({ id: '7', name: 'Amazon US', sourceType: 'AmazonSP', settings: {}, credentials: {} });

function renderDialog(answer: (request: RecordedRequest) => Response, readOnly = false) {
  return renderPushDialog(
    <AmazonNotificationsDialog store={amazonStore} readOnly={readOnly} onClose={vi.fn()} />,
    answer,
  );
}

describe('AmazonNotificationsDialog', { timeout: 20_000 }, () => {
  it('turns notifications on with the queue and keys, then shows them pending and live', async () => {
    let current = state();
    let next: AmazonNotificationsState[] = [];
    const { requests, user } = renderDialog((request) => {
      if (request.method === 'PUT' && request.url === PATH) {
        const body = request.body as { queueUrl: string; sellerId: string };
        current = state({
          status: 'pending',
          queueUrl: body.queueUrl,
          region: 'us-east-1',
          awsAccessKeyId: '••••MPLE',
          sellerId: body.sellerId,
        });
        next = [
          current,
          {
            ...current,
            status: 'active',
            lastHeardAt: '2026-12-03T10:00:00Z',
            counts: { recorded: 3, duplicate: 1, ignored: 0 },
          },
        ];
        return ok(current);
      }
      current = next.shift() ?? current;
      return ok(current);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Order notifications · Amazon US' });
    expect(within(dialog).getByText(/SQS queue of\s+your own AWS account/)).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('Notifications: Off')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(within(dialog).getByText('Queue URL is required')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/SQS queue URL/), QUEUE);
    await user.type(within(dialog).getByLabelText(/AWS access key id/), 'AKIAIOSFODNN7EXAMPLE');
    await user.type(within(dialog).getByLabelText(/AWS secret access key/), SECRET);
    await user.type(within(dialog).getByLabelText(/Merchant token/), 'A3TH9S8BH6GOGM');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        queueUrl: QUEUE,
        awsAccessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        awsSecretAccessKey: SECRET,
        sellerId: 'A3TH9S8BH6GOGM',
      },
    ]);
    expect(await within(dialog).findByLabelText('Notifications: Pending')).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('Notifications: Live', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(dialog).getByText(/3 taken in, 1 repeats and 0 ignored/)).toBeInTheDocument();
    // The secret is write-only: the field is empty again, and nothing shows it.
    expect(within(dialog).getByLabelText(/AWS secret access key/)).toHaveValue('');
    expect(dialog).not.toHaveTextContent(SECRET);
  });

  it("puts AWS's refusal on the field it names", async () => {
    const { user } = renderDialog((request) =>
      request.method === 'PUT'
        ? fail(400, 'AWS refused the queue or the keys', {
            errors: { awsSecretAccessKey: 'AWS answered: InvalidSignature: Signature mismatch.' },
          })
        : ok(state()),
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText('Notifications: Off');
    await user.type(within(dialog).getByLabelText(/SQS queue URL/), QUEUE);
    await user.type(within(dialog).getByLabelText(/AWS access key id/), 'AKIAIOSFODNN7EXAMPLE');
    await user.type(within(dialog).getByLabelText(/AWS secret access key/), 'wrong-secret-0123456789');
    await user.type(within(dialog).getByLabelText(/Merchant token/), 'A3TH9S8BH6GOGM');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('AWS answered: InvalidSignature: Signature mismatch.')).toBeInTheDocument();
  });

  it('shows a failure in AWS words and turns off after a confirmation', async () => {
    const failed = state({
      status: 'failed',
      error: 'AWS answered: QueueDoesNotExist: The specified queue does not exist.',
      queueUrl: QUEUE,
      region: 'us-east-1',
      awsAccessKeyId: '••••MPLE',
    });
    const { requests, user } = renderDialog((request) => (request.method === 'DELETE' ? ok(state()) : ok(failed)));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/QueueDoesNotExist/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Notifications: Failed')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    const confirm = await screen.findByRole('dialog', { name: 'Turn off order notifications?' });
    await user.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    await vi.waitFor(() => expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([PATH]);
  });

  it('shows Managers the state without the form', async () => {
    renderDialog(() => ok(state({ status: 'active', queueUrl: QUEUE, lastHeardAt: '2026-12-03T10:00:00Z' })), true);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Notifications: Live')).toBeInTheDocument();
    expect(within(dialog).getByText('Only administrators can turn order notifications on or off.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/AWS secret access key/)).not.toBeInTheDocument();
  });
});
