import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { stubPickerFetch } from '../../test/pickers';
import { renderWithProviders } from '../testing';
import { FormSearchPicker } from './FormSearchPicker';

function Picker() {
  const form = useForm<{ id: string }>({ defaultValues: { id: '' } });
  return <FormSearchPicker control={form.control} name="id" area="users" label="Customer" />;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FormSearchPicker', () => {
  it('opens on a click with the first matches of the server', async () => {
    stubPickerFetch((url) =>
      url.startsWith('/api/users?')
        ? jsonResponse({
            items: [
              { id: '00000000-0000-4000-8000-000000000031', name: 'Ada', last_name: 'Lovelace', email: null },
            ],
            total: 1,
            pages: 1,
            page: 1,
            page_size: 20,
          })
        : undefined,
    );
    renderWithProviders(<Picker />);
    const input = screen.getByRole('combobox', { name: 'Customer' });
    fireEvent.mouseDown(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(
      await screen.findByRole('option', { name: 'Ada Lovelace' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
