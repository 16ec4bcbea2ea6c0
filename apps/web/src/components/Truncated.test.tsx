import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Truncated, truncateText } from './Truncated';

afterEach(cleanup);

describe('truncateText (spec console §9: truncation default 25 characters)', () => {
  it('keeps a text of 25 characters or fewer, and cuts a longer one to 25 with an ellipsis', () => {
    expect(truncateText('a'.repeat(25))).toBe('a'.repeat(25));
    const cut = truncateText('The left door does not close at all');
    expect(cut).toBe('The left door does not c…');
    expect(Array.from(cut)).toHaveLength(25);
    expect(truncateText('Door will not close properly', 10)).toBe('Door will…');
    expect(truncateText('😀'.repeat(30))).toBe(`${'😀'.repeat(24)}…`);
  });
});

describe('Truncated', () => {
  it('shows the cut text and the whole text in a tooltip', async () => {
    const whole = 'The left door does not close at all';
    render(<Truncated text={whole} />);
    const cut = screen.getByText('The left door does not c…');
    fireEvent.mouseOver(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(whole);
  });

  it('shows a short text as is, without a tooltip', () => {
    render(<Truncated text="Short" />);
    fireEvent.mouseOver(screen.getByText('Short'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
