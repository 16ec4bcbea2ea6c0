import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing';
import { FormAutocomplete } from './FormAutocomplete';

const OPTIONS = [
  { value: 'p1', label: 'Kayak' },
  { value: 'p2', label: 'Paddle' },
  { value: 'p3', label: 'Helmet' },
];

let values: { products: string[]; size: string } | undefined;

function Form({ initial = [] as string[] }) {
  const form = useForm<{ products: string[]; size: string }>({
    defaultValues: { products: initial, size: '' },
  });
  values = form.watch();
  return (
    <>
      <FormAutocomplete control={form.control} name="products" label="Products" multiple options={OPTIONS} />
      <FormAutocomplete control={form.control} name="size" label="Size" options={OPTIONS} />
    </>
  );
}

afterEach(cleanup);

const pick = (name: string, option: string) => {
  const input = screen.getByRole('combobox', { name });
  fireEvent.mouseDown(input);
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.click(screen.getByRole('option', { name: option }));
};

describe('FormAutocomplete', () => {
  it('keeps the values of the picked options and shows the saved ones by their labels', async () => {
    renderWithProviders(<Form initial={['p3']} />);
    expect(screen.getByRole('button', { name: 'Helmet' })).toBeInTheDocument();
    pick('Products', 'Kayak');
    await waitFor(() => expect(values?.products).toEqual(['p3', 'p1']));
    pick('Size', 'Paddle');
    await waitFor(() => expect(values?.size).toBe('p2'));
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveValue('Paddle');
  });
});
