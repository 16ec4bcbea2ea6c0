import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeLocation } from '../../test/fixtures';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
import { LocationSettings } from './LocationSettings';

const LOCATION = {
  ...makeLocation({ id: '00000000-0000-4000-8000-0000000000d1', name: 'Main St' }),
  restriction: { restriction_type: 'users' as const, items: [] },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LocationSettings', () => {
  it('searches the devices to move here and the users to assign on the server', async () => {
    const fetchMock = stubPickerFetch((url) =>
      url.startsWith(`/api/locations/${LOCATION.id}/devices`)
        ? jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 20 })
        : undefined,
    );
    renderWithProviders(<LocationSettings location={LOCATION} />);
    await screen.findByRole('combobox', { name: 'Assign Devices' }, { timeout: 5000 });
    await searchPicker(fetchMock, 'Assign Devices', 'devices', '12');
    await searchPicker(fetchMock, 'Assign Users', 'users', 'ada');
    expectNoWholeList(fetchMock, 'devices');
    expectNoWholeList(fetchMock, 'users');
  });

  it('searches the groups to assign on the server, never listing every group', async () => {
    const fetchMock = stubPickerFetch();
    const restricted = { ...LOCATION, restriction: { restriction_type: 'groups' as const, items: [] } };
    renderWithProviders(<LocationSettings location={restricted} />);
    await screen.findByRole('combobox', { name: 'Assign Groups' }, { timeout: 5000 });
    await searchPicker(fetchMock, 'Assign Groups', 'groups', 'staff');
    expectNoWholeList(fetchMock, 'groups');
  });
});
