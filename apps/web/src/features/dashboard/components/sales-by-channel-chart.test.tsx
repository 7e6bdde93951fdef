import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { SalesByChannelChart } from './sales-by-channel-chart';

const channels = [
  { id: 'shopify', label: 'Shopify', value: 60000 },
  { id: 'ebay', label: 'eBay', value: 30000 },
  { id: 'walmart', label: 'Walmart', value: 6000 },
  { id: 'magento', label: 'Magento', value: 4000 },
];

function drawnArcLabels(container: HTMLElement) {
  return [...container.querySelectorAll('.MuiPieChart-arcLabel')].map((label) => label.textContent).filter(Boolean);
}

// The chart is lazily loaded; load the module first so the test does not time the first transform.
beforeAll(async () => {
  await import('./channel-pie-chart');
});

describe('SalesByChannelChart', () => {
  it('draws a slice per channel and a percentage label only on slices above 10 percent', async () => {
    const { container } = render(
      <SalesByChannelChart data={channels} state="ready" currency="USD" locale="en" onRetry={vi.fn()} width={480} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.MuiPieChart-arc')).toHaveLength(4), { timeout: 5000 });
    expect(drawnArcLabels(container)).toEqual(['60%', '30%']);
    expect(screen.getByRole('cell', { name: '$600.00' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Magento' })).toBeInTheDocument();
  });

  it('says the period has no orders instead of drawing an empty pie', () => {
    const { container } = render(
      <SalesByChannelChart data={[]} state="ready" currency="USD" locale="en" onRetry={vi.fn()} width={480} />,
    );
    expect(screen.getByText('No orders in this period')).toBeInTheDocument();
    expect(container.querySelector('.MuiPieChart-arc')).toBeNull();
  });

  it('offers to try again after a failure', () => {
    const onRetry = vi.fn();
    render(<SalesByChannelChart data={[]} state="failed" currency="USD" locale="en" onRetry={onRetry} width={480} />);
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
