import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readPrinterPreferences, writePrinterPreferences } from '@/lib/printing/printer-preferences';
import { fakeQzTray } from '@/lib/testing/fake-qz-tray';
import { PrinterPreferencesForm } from './printer-preferences-form';

const SCALE = { vendorId: '0922', productId: '8004', usagePage: '8d', manufacturer: 'DYMO', product: 'M25' };

describe('PrinterPreferencesForm', () => {
  it('chooses QZ Tray, a default printer and a scale from what QZ Tray sees, and reads the scale', async () => {
    const fake = fakeQzTray({ devices: [SCALE], reports: [['03', '04', '0b', 'ff', '76', '01']] });
    const user = userEvent.setup();
    render(<PrinterPreferencesForm client={fake.client} />);
    expect(screen.getByRole('radio', { name: /Browser print/ })).toBeChecked();
    expect(screen.queryByLabelText('Default printer')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /QZ Tray/ }));
    expect(await screen.findByText(/QZ Tray connected/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Default printer' }));
    await user.click(await screen.findByRole('option', { name: 'Zebra ZP450' }));
    await user.click(screen.getByRole('combobox', { name: 'Default scale' }));
    await user.click(await screen.findByRole('option', { name: 'DYMO M25' }));
    expect(readPrinterPreferences()).toEqual({
      method: 'qz',
      printer: 'Zebra ZP450',
      scale: { vendorId: '0922', productId: '8004', name: 'DYMO M25' },
    });

    await user.click(screen.getByRole('button', { name: 'Read scale' }));
    expect(await screen.findByText('2.34 lb (37.4 oz)')).toBeInTheDocument();
  });

  it('says QZ Tray is not running, keeps the stored printer, and looks again on request', async () => {
    writePrinterPreferences({ method: 'qz', printer: 'Zebra ZP450' });
    const fake = fakeQzTray({ running: false });
    const user = userEvent.setup();
    render(<PrinterPreferencesForm client={fake.client} />);
    const status = await screen.findByRole('status');
    await within(status).findByText(/not running/);
    expect(screen.getByText(/Install it from qz.io/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Default printer' })).toHaveTextContent('Zebra ZP450');

    fake.options.running = true;
    await user.click(within(status).getByRole('button', { name: 'Try again' }));
    expect(await within(status).findByText('QZ Tray connected · printing to Zebra ZP450')).toBeInTheDocument();
  });
});
