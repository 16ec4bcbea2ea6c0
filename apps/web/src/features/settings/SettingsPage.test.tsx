import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { stubPickerFetch } from '../../test/pickers';
import { SettingsPage } from './SettingsPage';

const SETTINGS = {
  default_currency: 'usd',
  default_device_hardware: null,
  default_device_mode: null,
  default_id_size: null,
  default_max_reservations: null,
  default_support_email: null,
  default_support_phone: null,
  support_email_verified: false,
  default_notification_channel: 'email',
  time_zone: 'UTC',
  default_language: 'en',
};

const render = (role: 'admin' | 'member') => {
  const fetchMock = stubPickerFetch((url) =>
    url.startsWith('/api/settings')
      ? jsonResponse(SETTINGS)
      : url.startsWith('/api/types/')
        ? jsonResponse({ items: [] })
        : undefined,
  );
  sessionStore.signedIn(makeTokens(makeUser(role, { first_login: false })));
  renderWithProviders(<SettingsPage />, '/settings');
  return fetchMock;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('SettingsPage', () => {
  it('opens read-only for a member: fields disabled, no Save', async () => {
    render('member');
    expect(
      await screen.findByText('Only an admin can change these settings.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Unlimited' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Default Device Hardware' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('lets an admin save', async () => {
    render('admin');
    expect(await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 })).toBeEnabled();
    expect(screen.queryByText('Only an admin can change these settings.')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Unlimited' })).toBeEnabled();
  });

  it('holds the time zone and the currency under Region, and saves the zone', async () => {
    // a short list of the zones the browser knows keeps the select quick
    vi.spyOn(Intl, 'supportedValuesOf').mockReturnValue(['America/Chicago', 'Europe/Berlin']);
    const fetchMock = render('admin');
    fireEvent.click(await screen.findByRole('tab', { name: 'Region' }, { timeout: 5000 }));
    expect(screen.queryByRole('tab', { name: 'Currency' })).toBeNull();
    const zone = await screen.findByRole('region', { name: 'Time Zone' });
    const currency = screen.getByRole('region', { name: 'Currency' });
    expect(within(currency).getByRole('combobox', { name: 'Currency' })).toBeInTheDocument();

    const user = userEvent.setup();
    const input = within(zone).getByRole('combobox', { name: 'Time Zone' });
    await user.clear(input);
    await user.type(input, 'Berlin');
    await user.click(await screen.findByRole('option', { name: /Europe\/Berlin/ }));
    fireEvent.click(within(zone).getByRole('button', { name: 'Save Time Zone' }));

    await waitFor(() => {
      const put = fetchMock.mock.calls.find(
        ([url, init]) => String(url).startsWith('/api/settings') && init?.method === 'PUT',
      );
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ time_zone: 'Europe/Berlin' });
    });
  });

  it('saves the default language of mail and SMS under Region, each language named in itself', async () => {
    const fetchMock = render('admin');
    fireEvent.click(await screen.findByRole('tab', { name: 'Region' }, { timeout: 5000 }));
    const section = await screen.findByRole('region', { name: 'Default Language' });
    const save = within(section).getByRole('button', { name: 'Save Language' });
    expect(save).toBeDisabled();
    const select = within(section).getByRole('combobox', { name: 'Language of e-mails and SMS' });
    expect(select).toHaveAttribute('aria-required', 'true');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));
    fireEvent.click(save);
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(
        ([url, init]) => String(url).startsWith('/api/settings') && init?.method === 'PUT',
      );
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ default_language: 'de' });
    });
  });
});
