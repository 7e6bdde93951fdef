import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ProgressBar, Spinner } from './progress';

describe('progress without MUI code', () => {
  it('draws a named progress bar, in the secondary colour when asked', () => {
    render(
      <>
        <ProgressBar label="Loading orders" />
        <ProgressBar label="Loading" color="secondary" style={{ height: 3 }} />
      </>,
    );
    const orders = screen.getByRole('progressbar', { name: 'Loading orders' });
    expect(orders).toHaveClass('sd-progress-bar');
    expect(orders).not.toHaveClass('sd-progress-bar--secondary');
    expect(orders.children).toHaveLength(2);
    const page = screen.getByRole('progressbar', { name: 'Loading' });
    expect(page).toHaveClass('sd-progress-bar--secondary');
    expect(page).toHaveStyle({ height: '3px' });
  });

  it('names a spinner that stands alone and hides one beside its words', () => {
    const { container } = render(
      <>
        <Spinner label="Loading the new version of Shipdesk" />
        <Spinner size={20} color="inherit" />
      </>,
    );
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getByRole('progressbar', { name: 'Loading the new version of Shipdesk' })).toHaveStyle({
      width: '40px',
    });
    const hidden = container.querySelector('[aria-hidden="true"]');
    expect(hidden).toHaveClass('sd-spinner');
    expect(hidden).not.toHaveClass('sd-spinner--primary');
    expect(hidden?.querySelector('svg')).toHaveAttribute('width', '20');
  });
});
