import type { TIssue } from '@lockerops/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
import { IssueFormDialog } from './IssueFormDialog';

const ISSUE: TIssue = {
  id: '00000000-0000-4000-8000-000000000011',
  issue_id: 'ISS-7',
  status: 'pending',
  description: 'Door stuck',
  created_at: '2026-01-01T00:00:00.000Z',
  pictures: [],
  user: { name: 'Ada Lovelace', email: 'ada@x.test', phone_number: null },
  id_user: '00000000-0000-4000-8000-000000000012',
  reporter_user_name: 'Ops',
  reporter_user_email: 'ops@x.test',
  reporter_user_phone: null,
  event: { id: '00000000-0000-4000-8000-000000000013', invoice_id: 'INV-000001' },
  id_event: '00000000-0000-4000-8000-000000000013',
  id_location: null,
  location_time_zone: null,
  team_member_id: '00000000-0000-4000-8000-000000000022',
  team_member: { id: '00000000-0000-4000-8000-000000000022', name: 'Grace Hopper', email: 'grace@x.test' },
  invoice_id: 'INV-000001',
  source: 'console',
} as TIssue;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('IssueFormDialog', () => {
  it('shows the saved customer and team member when an issue is reopened', async () => {
    const fetchMock = stubPickerFetch();
    renderWithProviders(<IssueFormDialog open issue={ISSUE} onClose={() => {}} />);
    expect(await screen.findByRole('combobox', { name: 'User' }, { timeout: 5000 })).toHaveValue(
      'Ada Lovelace',
    );
    expect(screen.getByRole('combobox', { name: 'Team Member' })).toHaveValue('Grace Hopper');
    expectNoWholeList(fetchMock, 'users');
    expectNoWholeList(fetchMock, 'members');
  });

  it('searches users and team members on the server as they are typed', async () => {
    const fetchMock = stubPickerFetch();
    renderWithProviders(<IssueFormDialog open issue={null} onClose={() => {}} />);
    await screen.findByRole('combobox', { name: 'User' }, { timeout: 5000 });
    await searchPicker(fetchMock, 'User', 'users', 'ada');
    await searchPicker(fetchMock, 'Team Member', 'members', 'gra');
    expectNoWholeList(fetchMock, 'users');
    expectNoWholeList(fetchMock, 'members');
  });
});
