import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnitParse } from '@shipdesk/contract';
import { fail, ok, stubApi } from '@/lib/testing/api-stub';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { LengthField, WeightField } from './unit-fields';
import { useUnits } from './use-units';
import { storedValue, unitResult, type Quantity, type UnitValue } from './unit-value';

afterEach(() => vi.unstubAllGlobals());

const warehouse = (country: string) => ({
  key: 'warehouse_info',
  value: null,
  options: { name: 'W', address1: '1 Street', city: 'C', postalCode: '1', country },
  updated_at: '2025-01-01T00:00:00Z',
});
const unitsEntry = (value: string) => ({ key: 'units', value, options: null, updated_at: '2025-01-01T00:00:00Z' });

function serveConfigs(entries: unknown[] | null) {
  return stubApi((call) =>
    call.path === '/api/v1/configs' && entries ? ok(entries) : fail(500, 'Could not read the settings'),
  );
}

/** A field over a stored value; shows what it would send. */
function Harness({ quantity, stored }: { quantity: Quantity; stored: number | null }) {
  const [value, setValue] = useState<UnitValue>(storedValue(stored));
  const { system } = useUnits();
  const result: UnitParse = unitResult(value, quantity, system);
  const Field = quantity === 'weight' ? WeightField : LengthField;
  return (
    <>
      <Field label={quantity === 'weight' ? 'Weight' : 'Length'} value={value} onChange={setValue} />
      <output aria-label="sent">{result.ok ? String(result.value) : 'none'}</output>
    </>
  );
}

const sent = () => screen.getByRole('status', { name: 'sent' });

describe('useUnits', () => {
  function Units() {
    const units = useUnits();
    return <p>{units.ready ? `${units.system} ${units.chosen ? 'chosen' : 'default'}` : 'loading'}</p>;
  }

  it('answers the saved units, else the warehouse country', async () => {
    serveConfigs([warehouse('DE')]);
    renderWithStore(<Units />);
    expect(await screen.findByText('metric default')).toBeInTheDocument();
  });

  it('answers a saved choice over the warehouse country', async () => {
    serveConfigs([warehouse('DE'), unitsEntry('imperial')]);
    renderWithStore(<Units />);
    expect(await screen.findByText('imperial chosen')).toBeInTheDocument();
  });

  it('is ready with the default (imperial) when the settings cannot be read', async () => {
    serveConfigs(null);
    renderWithStore(<Units />);
    expect(await screen.findByText('imperial default')).toBeInTheDocument();
  });
});

describe('WeightField', () => {
  it('shows stored grams in pounds and ounces and sends them back exactly while untouched', async () => {
    serveConfigs([warehouse('US')]);
    renderWithStore(<Harness quantity="weight" stored={1007} />);
    const field = screen.getByRole('textbox', { name: 'Weight' });
    await waitFor(() => expect(field).toHaveValue('2 lb 3.5 oz'));
    expect(sent()).toHaveTextContent('1007');

    // Typing the same text back is no edit either: 2 lb 3.5 oz typed afresh would be 1006 g.
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '2 lb 3.5 oz');
    expect(sent()).toHaveTextContent('1007');

    await user.clear(field);
    await user.type(field, '35 oz');
    expect(sent()).toHaveTextContent('992');
    expect(field).toHaveAccessibleDescription('= 2 lb 3 oz');
  });

  it("says the parser's reason at the field and sends nothing", async () => {
    serveConfigs([warehouse('US')]);
    renderWithStore(<Harness quantity="weight" stored={907} />);
    const field = screen.getByRole('textbox', { name: 'Weight' });
    await waitFor(() => expect(field).toHaveValue('2 lb'));
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '-3');
    expect(field).toHaveAccessibleDescription('A weight cannot be negative');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent()).toHaveTextContent('none');
    await user.clear(field);
    await user.type(field, 'heavy');
    expect(field).toHaveAccessibleDescription('Enter a weight such as 2 lb 3 oz or 35 oz');
  });

  it('shows and takes grams and kilograms in metric', async () => {
    serveConfigs([warehouse('DE')]);
    renderWithStore(<Harness quantity="weight" stored={1250} />);
    const field = screen.getByRole('textbox', { name: 'Weight' });
    await waitFor(() => expect(field).toHaveValue('1.25 kg'));
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '500 g');
    expect(sent()).toHaveTextContent('500');
    await user.clear(field);
    await user.type(field, '1.2');
    expect(sent()).toHaveTextContent('1200');
    expect(field).toHaveAccessibleDescription('= 1.2 kg');
  });
});

describe('LengthField', () => {
  it('shows inches in centimetres, keeps the stored inches while untouched, and names the unit', async () => {
    serveConfigs([warehouse('FR')]);
    renderWithStore(<Harness quantity="length" stored={12.34} />);
    const field = screen.getByRole('textbox', { name: 'Length' });
    await waitFor(() => expect(field).toHaveValue('31.3'));
    expect(screen.getByText('cm')).toBeInTheDocument();
    expect(sent()).toHaveTextContent('12.34');

    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '25.4');
    expect(sent()).toHaveTextContent('10');
    await user.clear(field);
    await user.type(field, '600');
    expect(field).toHaveAccessibleDescription('A length can be at most 508 cm');
    expect(sent()).toHaveTextContent('none');
  });

  it('shows inches as stored in imperial', async () => {
    serveConfigs([unitsEntry('imperial')]);
    renderWithStore(<Harness quantity="length" stored={8.5} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Length' })).toHaveValue('8.5'));
    expect(screen.getByText('in')).toBeInTheDocument();
  });
});
