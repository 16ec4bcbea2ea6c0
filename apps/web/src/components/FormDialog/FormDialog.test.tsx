import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/errors';
import { FormTextField } from '../form';
import { renderWithProviders } from '../testing';
import { FormDialog } from './FormDialog';

const ZName = z.object({ name: z.string().min(1, 'Name is required') });
type TName = z.infer<typeof ZName>;

/** A one-field form whose submit the server refuses. */
function NameDialog({
  onSubmit,
  serverErrorText,
}: {
  onSubmit: (v: TName) => Promise<unknown>;
  serverErrorText?: string;
}) {
  const form = useForm<TName>({ resolver: zodResolver(ZName), defaultValues: { name: '' } });
  return (
    <FormDialog
      open
      onClose={() => {}}
      title="Add Size"
      form={form}
      onSubmit={onSubmit}
      successMessage="Size created successfully"
      serverErrorText={serverErrorText}
    >
      <FormTextField control={form.control} name="name" label="Name" required />
    </FormDialog>
  );
}

afterEach(() => {
  // jsdom has no scrolling: the stub set below goes with the test
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('FormDialog', () => {
  it("announces a refused submit as an alert and brings it into sight (a phone's long form)", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(409, { detail: 'Size name already exists' }));
    renderWithProviders(<NameDialog onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Size' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toBeRequired();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'M' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Size name already exists');
    expect(scrolled).toHaveBeenCalledOnce();
    expect(scrolled.mock.contexts[0]).toBe(alert);
  });

  it('reads out a success message while the dialog stays open: the snackbar is an alert outside the hidden page', async () => {
    const onSubmit = vi.fn().mockResolvedValue({});
    renderWithProviders(<NameDialog onSubmit={onSubmit} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Size' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'M' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Size created successfully');
  });

  it("says the area's own text for a server failure, and the server's detail for a refusal", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(500, { detail: 'boom' }))
      .mockRejectedValueOnce(new ApiError(404, { detail: 'No users found' }));
    renderWithProviders(<NameDialog onSubmit={onSubmit} serverErrorText="An internal error occurred" />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Size' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'M' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An internal error occurred');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/No users found/);
  });
});
