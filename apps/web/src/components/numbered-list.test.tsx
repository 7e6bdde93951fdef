import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { NumberedList } from './numbered-list';

describe('NumberedList', () => {
  it('renders an ordered list starting at 1 by default', () => {
    render(<NumberedList items={['Install', 'Register', <strong key="x">Log in</strong>]} />);
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(list).toHaveAttribute('start', '1');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Install', 'Register', 'Log in']);
  });

  it('starts at the given number', () => {
    render(<NumberedList items={['Sign up', 'Log in']} start={6} />);
    expect(screen.getByRole('list')).toHaveAttribute('start', '6');
  });

  it('renders an empty list without items', () => {
    render(<NumberedList items={[]} />);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
