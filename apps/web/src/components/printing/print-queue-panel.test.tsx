import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { printJobAdded, printJobMoved } from '@/lib/printing/print-queue-slice';
import { writePrinterPreferences } from '@/lib/printing/printer-preferences';
import { usePrint } from '@/lib/printing/use-print';
import { initialUserData } from '@/lib/state/user-data-slice';
import { fakeQzTray, type FakeQz } from '@/lib/testing/fake-qz-tray';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { PrintQueueButton } from './print-queue-button';

const me = { userData: { ...initialUserData, ID: 'me' } };

function PrintSomething({ fake }: { fake: FakeQz }) {
  const { print } = usePrint({
    qz: fake.client,
    browser: { openPrintDialog: async () => undefined, download: () => undefined },
  });
  const zpl = { blob: new Blob(['^XA^XZ']), format: 'zpl' as const, fileName: 'label.zpl' };
  return (
    <button type="button" onClick={() => void print({ title: 'Label 9400111', documents: [zpl] })}>
      Print label
    </button>
  );
}

describe('PrintQueuePanel', () => {
  it("lists the person's jobs with their state, retries a failed one and clears finished ones", async () => {
    writePrinterPreferences({ method: 'qz', printer: 'Zebra ZP450' });
    const fake = fakeQzTray({ printError: 'The printer is out of labels' });
    const user = userEvent.setup();
    const { store } = renderWithStore(
      <>
        <PrintSomething fake={fake} />
        <PrintQueueButton qz={fake.client} />
      </>,
      me,
    );
    // Someone else's job on this browser is not shown.
    store.dispatch(printJobAdded({ user: 'someone-else', title: 'Their label', labels: [] }));

    await user.click(screen.getByRole('button', { name: 'Print label' }));
    await user.click(await screen.findByRole('button', { name: 'Print queue, a job failed' }));
    const panel = await screen.findByRole('dialog', { name: 'Print queue' });
    // The panel is fetched when the queue is first opened.
    expect(await within(panel).findByRole('status')).toHaveTextContent('QZ Tray connected · printing to Zebra ZP450');
    const failed = within(panel).getByRole('listitem', { name: 'Label 9400111: Failed' });
    expect(failed).toHaveTextContent('The printer is out of labels');
    expect(within(panel).queryByText('Their label')).not.toBeInTheDocument();

    fake.options.printError = undefined;
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    const printed = await within(panel).findByRole('listitem', { name: 'Label 9400111: Printed' });
    expect(printed).toHaveTextContent('Sent to Zebra ZP450');
    expect(fake.printed).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Clear finished' }));
    expect(within(panel).getByText(/Nothing printed yet/)).toBeInTheDocument();
  });

  it('offers no Retry for a failed job whose documents are gone (the page was reloaded), only Remove', async () => {
    const fake = fakeQzTray({ running: false });
    const user = userEvent.setup();
    const { store } = renderWithStore(<PrintQueueButton qz={fake.client} />, me);
    act(() => {
      const { payload } = store.dispatch(printJobAdded({ user: 'me', title: 'Old label', labels: [] }));
      store.dispatch(printJobMoved({ user: 'me', id: payload.job.id, state: 'failed', error: 'The page was closed' }));
    });
    await user.click(screen.getByRole('button', { name: 'Print queue, a job failed' }));
    const job = await screen.findByRole('listitem', { name: 'Old label: Failed' });
    expect(job).toHaveTextContent('Print it again from its order.');
    expect(within(job).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(within(job).getByRole('button', { name: 'Remove Old label' }));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("Printing through the browser's print dialog");
  });
});
