import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DayFilterField } from './orders-filter-inputs';

describe('DayFilterField (the order-date range)', () => {
  it('takes a day once its year is a real one, not the years the browser reports while it is typed', () => {
    const onChange = vi.fn();
    const view = render(<DayFilterField label="From" value="" onChange={onChange} />);
    const field = screen.getByLabelText('From');

    fireEvent.change(field, { target: { value: '0002-11-20' } });
    fireEvent.change(field, { target: { value: '0202-11-20' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveValue('0202-11-20');

    fireEvent.change(field, { target: { value: '2026-11-20' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-20');

    fireEvent.change(field, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(onChange).toHaveBeenCalledTimes(2);

    // The URL changed elsewhere (a cleared filter, a saved view): the field shows it.
    view.rerender(<DayFilterField label="From" value="2025-01-31" onChange={onChange} />);
    expect(field).toHaveValue('2025-01-31');
  });

  it('says so on the field when the range is the wrong way round (it matches no order)', () => {
    const view = render(<DayFilterField label="From" value="2026-11-20" max="2026-11-10" onChange={() => undefined} />);
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('After the To day')).toBeInTheDocument();

    view.rerender(<DayFilterField label="From" value="2026-11-01" max="2026-11-10" onChange={() => undefined} />);
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('After the To day')).toBeNull();

    view.rerender(<DayFilterField label="To" value="2026-10-01" min="2026-11-01" onChange={() => undefined} />);
    expect(screen.getByText('Before the From day')).toBeInTheDocument();
  });
});
