import type { TReport } from '@lockerops/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../components/testing';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
import { ReportFormDialog } from './ReportFormDialog';

const REPORT = {
  id: '00000000-0000-4000-8000-000000000007',
  name: 'Ops weekly',
  contents: ['earnings'],
  assign_to: ['00000000-0000-4000-8000-000000000008'],
  assignee: ['Rhea Silva'],
  recurrence: 'weekly',
  weekday: 0,
  month: null,
  when: null,
  send_time: '09:00',
  include_sub_orgs: false,
  last_sent: null,
  last_error: null,
  next_due_at: '2026-03-09T09:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
} as unknown as TReport;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReportFormDialog', () => {
  it('names the saved assignees and searches team members on the server', async () => {
    const fetchMock = stubPickerFetch();
    renderWithProviders(<ReportFormDialog open report={REPORT} onClose={() => {}} />);
    expect(await screen.findByText('Rhea Silva', undefined, { timeout: 5000 })).toBeInTheDocument();
    await searchPicker(fetchMock, 'Assignees', 'members', 'rhe');
    expectNoWholeList(fetchMock, 'members');
  });
});
