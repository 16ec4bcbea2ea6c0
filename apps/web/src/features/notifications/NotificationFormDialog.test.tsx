import type { TNotification } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { expectNoWholeList, searchPicker, stubPickerFetch } from '../../test/pickers';
import { NotificationFormDialog } from './NotificationFormDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const SAVED: TNotification = {
  id: '00000000-0000-4000-8000-000000000031',
  name: 'Receipt (internal)',
  subject: 'Your receipt for {{invoice_id}}',
  mode: 'rental',
  notification_type: 'on_complete',
  time_amount: 0,
  time_unit: 'immediately',
  is_default: false,
  is_template: false,
  before: false,
  after: true,
  email: true,
  sms: false,
  header: null,
  footer: null,
  message: null,
  message_email: 'Paid {{amount}}',
  location_message: null,
  member_message: null,
  id_member: null,
  member: null,
  locations: [],
  header_s3_url: null,
  body_s3_url: null,
  footer_s3_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

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

  it('has a Subject of its own, saved and shown in the preview, and offers Send test to the own e-mail', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === `/api/notifications/${SAVED.id}/test`)
        return jsonResponse({ detail: 'Test message sent.', deliveries: [] });
      if (url === `/api/notifications/${SAVED.id}` && init?.method === 'PUT')
        return jsonResponse({ ...SAVED, ...JSON.parse(String(init.body)) });
      return jsonResponse({ items: [], total: 0, pages: 0, page: 1, page_size: 25 });
    });
    vi.stubGlobal('fetch', fetchMock);
    sessionStore.signedIn(makeTokens(makeUser('member', { email: 'nia@demo-org.test' })));
    renderWithProviders(<NotificationFormDialog open notification={SAVED} onClose={() => {}} />);

    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('Your receipt for {{invoice_id}}');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Receipt (internal)');
    // the preview's subject is the Subject, rendered with the sample values
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Your receipt for INV-');

    expect(screen.getByRole('textbox', { name: 'Test e-mail' })).toHaveValue('nia@demo-org.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/test'))).toBe(true));
    const [, sent] = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/test'))!;
    expect(JSON.parse(String(sent?.body))).toEqual({ email: 'nia@demo-org.test' });

    fireEvent.change(subject, { target: { value: 'Thanks, {{user_name}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, i]) => (i as RequestInit | undefined)?.method === 'PUT')).toBe(
        true,
      ),
    );
    const [, put] = fetchMock.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === 'PUT')!;
    expect(JSON.parse(String(put?.body))).toMatchObject({ subject: 'Thanks, {{user_name}}' });
  });
});
