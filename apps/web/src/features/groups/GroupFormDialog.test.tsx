import type { TGroup } from '@lockerops/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse } from '../../test/fixtures';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
import { GroupFormDialog } from './GroupFormDialog';

const GROUP: TGroup = {
  id: '00000000-0000-4000-8000-000000000051',
  name: 'Staff',
  users: 0,
  devices: 0,
  locations: 0,
  couriers: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GroupFormDialog', () => {
  it('searches users, locations and devices to assign on the server as they are typed', async () => {
    const fetchMock = stubPickerFetch((url) =>
      url.startsWith(`/api/groups/${GROUP.id}/members`)
        ? jsonResponse({ users: [], resources: [] })
        : undefined,
    );
    renderWithProviders(<GroupFormDialog open group={GROUP} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Members and Resources' }));
    await screen.findByRole('combobox', { name: 'Add user' });
    await searchPicker(fetchMock, 'Add user', 'users', 'ada');
    await searchPicker(fetchMock, 'Add location', 'locations', 'uni');
    await searchPicker(fetchMock, 'Add device', 'devices', '12');
    for (const area of ['users', 'locations', 'devices']) expectNoWholeList(fetchMock, area);
  });
});
