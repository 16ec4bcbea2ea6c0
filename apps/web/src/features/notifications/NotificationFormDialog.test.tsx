import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
import { NotificationFormDialog } from './NotificationFormDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationFormDialog', () => {
  it('searches the team member on the server as it is typed', async () => {
    const fetchMock = stubPickerFetch();
    renderWithProviders(<NotificationFormDialog open notification={null} onClose={() => {}} />);
    await screen.findByRole('combobox', { name: 'Team Member' });
    await searchPicker(fetchMock, 'Team Member', 'members', 'gra');
    await searchPicker(fetchMock, 'Locations', 'locations', 'uni');
    expectNoWholeList(fetchMock, 'members');
    expectNoWholeList(fetchMock, 'locations');
  });
});
