import { Button, Dialog, DialogActions, DialogTitle } from '@mui/material';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageTitle } from './PageTitle';

/** A screen as wide as `phone` says: MUI's `useMediaQuery` asks `window.matchMedia`, which jsdom lacks. */
function screenOf(phone: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) => ({
      matches: phone && media.includes('max-width'),
      media,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

/** A page header like Locker Wall's: a contained Add, Edit opening a dialog, a disabled Delete, a search. */
function Header({ onAdd = () => {} }: { onAdd?: () => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <PageTitle
        title="Locker Wall"
        actions={
          <>
            <input aria-label="Search" />
            <Button variant="contained" onClick={onAdd}>
              Add Locker Wall
            </Button>
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Edit Locker Wall
            </Button>
            {false}
            <Button variant="outlined" color="error" disabled>
              Delete Locker Wall
            </Button>
          </>
        }
      />
      <Dialog open={editing} onClose={() => setEditing(false)}>
        <DialogTitle>Edit Locker Wall</DialogTitle>
        <DialogActions>
          <Button onClick={() => setEditing(false)}>Cancel</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

describe('PageTitle header actions', () => {
  it('on a phone keeps the primary action and the search in sight and folds the other buttons into "More actions"', async () => {
    screenOf(true);
    const onAdd = vi.fn();
    render(<Header onAdd={onAdd} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Locker Wall' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Locker Wall' }));
    expect(onAdd).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Edit Locker Wall' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Locker Wall' })).toBeNull();

    const more = screen.getByRole('button', { name: 'More actions' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    const menu = await screen.findByRole('menu', { name: 'More actions' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Edit Locker Wall', 'Delete Locker Wall']);
    expect(within(menu).getByRole('menuitem', { name: 'Delete Locker Wall' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('runs a picked item, closes the menu, and a dialog it opened hands the focus back to "More actions"', async () => {
    screenOf(true);
    render(<Header />);
    const more = screen.getByRole('button', { name: 'More actions' });
    more.focus();
    fireEvent.click(more);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit Locker Wall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Locker Wall' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(more).toHaveFocus());
  });

  it('on a wider screen shows every action in the header, with no menu', () => {
    screenOf(false);
    render(<Header />);
    for (const name of ['Add Locker Wall', 'Edit Locker Wall', 'Delete Locker Wall'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });
});
