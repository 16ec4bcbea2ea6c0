import { TOOLBOX_MESSAGES, ZLiteAppSettings, ZWidgetSettings } from '@lockerops/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../api/session';
import { renderWithProviders } from '../../components/testing';
import { jsonResponse, makeTokens, makeUser } from '../../test/fixtures';
import { LiteAppCustomizer } from './LiteAppCustomizer';
import { WidgetCustomizer } from './WidgetCustomizer';

const LITE = ZLiteAppSettings.parse({});
const WIDGET = ZWidgetSettings.parse({});
const EMBED = 'http://localhost:3000/widget/demo-org?key=pk_abc';
let widgetAnswer: unknown;

// fetch is the boundary to the API server, which does not run under jsdom.
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  widgetAnswer = {
    settings: WIDGET,
    has_api_key: true,
    publishable_key: 'pk_abc',
    embed_url: EMBED,
    iframe: `<iframe src="${EMBED}"></iframe>`,
  };
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/apps/lite-app')
      return jsonResponse(init?.method === 'PUT' ? JSON.parse(String(init.body)) : LITE);
    if (url === '/api/apps/widget') {
      if (init?.method === 'PUT')
        return jsonResponse({ ...(widgetAnswer as object), settings: JSON.parse(String(init.body)) });
      return jsonResponse(widgetAnswer);
    }
    return jsonResponse({ detail: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.signedIn(makeTokens(makeUser('admin')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const preview = () => within(screen.getByRole('region', { name: 'Phone preview' }));

describe('Lite App customizer', () => {
  it('redraws the phone preview on every option and saves them', async () => {
    renderWithProviders(<LiteAppCustomizer />, '/apps-widgets');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    // phone sign-in by default: only the phone field, no feature tiles
    expect(preview().getByText('Phone Number')).toBeInTheDocument();
    expect(preview().queryByText('Email')).not.toBeInTheDocument();
    expect(preview().queryAllByRole('listitem')).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: 'Email' }));
    expect(preview().getByText('Email')).toBeInTheDocument();
    expect(preview().queryByText('Phone Number')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Both' }));
    expect(preview().getByText('Email')).toBeInTheDocument();
    expect(preview().getByText('Phone Number')).toBeInTheDocument();

    const tiles: Record<string, string> = {
      'Allow multiple assets': 'Rent several assets',
      'Allow users to reserve a locker': 'Reserve a locker',
      'Track conditions of products': 'Report a condition',
      'Allow photo to end the asset rental': 'Photo to end rental',
      'Set up payment in the app': 'Payment methods',
    };
    for (const [toggle, tile] of Object.entries(tiles)) {
      expect(preview().queryByText(tile)).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('switch', { name: toggle }));
      expect(preview().getByText(tile)).toBeInTheDocument();
    }
    fireEvent.click(screen.getByRole('switch', { name: 'Track conditions of products' }));
    expect(preview().queryByText('Report a condition')).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Primary Color' }), {
      target: { value: '#ff0000' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Secondary Color' }), {
      target: { value: '#00ff00' },
    });
    expect(screen.getByTestId('preview-app-bar')).toHaveStyle({ backgroundColor: '#ff0000' });
    expect(preview().getByText('Reserve a locker')).toHaveStyle({ backgroundColor: '#00ff00' });
    // a colour still being typed keeps the last valid look instead of breaking the preview
    fireEvent.change(screen.getByRole('textbox', { name: 'Primary Color' }), { target: { value: '#ff' } });
    expect(screen.getByTestId('preview-app-bar')).toHaveStyle({ backgroundColor: LITE.primary_color });
    fireEvent.change(screen.getByRole('textbox', { name: 'Primary Color' }), {
      target: { value: '#ff0000' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(TOOLBOX_MESSAGES.saved);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      sign_in_method: 'both',
      allow_multiple_assets: true,
      allow_reservations: true,
      track_conditions: false,
      photo_to_end_rental: true,
      payment_in_app: true,
      preregistered_only: false,
      primary_color: '#ff0000',
      secondary_color: '#00ff00',
    });
  });

  it('refuses to save a colour that is not #RRGGBB', async () => {
    renderWithProviders(<LiteAppCustomizer />, '/apps-widgets');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.change(screen.getByRole('textbox', { name: 'Primary Color' }), { target: { value: 'red' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Primary Color' })).toBeInvalid());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});

describe('Reservation Widget customizer', () => {
  it('shows the embed URL and snippet, and saves colours, payment and duration', async () => {
    renderWithProviders(<WidgetCustomizer />, '/apps-widgets?tab=widget');
    expect(await screen.findByDisplayValue(EMBED)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Embed code' })).toHaveValue(
      `<iframe src="${EMBED}"></iframe>`,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Background Color' }), {
      target: { value: '#123456' },
    });
    expect(screen.getByRole('region', { name: 'Widget preview' })).toHaveStyle({
      backgroundColor: '#123456',
    });
    // the widget takes no payment yet: the switch is off and cannot be turned on
    expect(screen.getByRole('switch', { name: 'Payment' })).toBeDisabled();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Maximum Reservation Duration' }), {
      target: { value: '3' },
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Weeks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(TOOLBOX_MESSAGES.saved);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      ...WIDGET,
      background_color: '#123456',
      payment_enabled: false,
      max_duration: 3,
      max_duration_unit: 'weeks',
    });
  });

  it("reads the spec's no-token text when the organization has no API key", async () => {
    widgetAnswer = {
      settings: WIDGET,
      has_api_key: false,
      publishable_key: null,
      embed_url: null,
      iframe: null,
    };
    renderWithProviders(<WidgetCustomizer />, '/apps-widgets?tab=widget');
    expect(
      await screen.findByDisplayValue(
        "No API Token found. Please go to Toolbox -> API's to generater your API Token so we can generate your reservation widget url.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Embed URL' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Embed code' })).not.toBeInTheDocument();
  });
});

describe('Reservation Widget customizer layout', () => {
  it('keeps Maximum Reservation Duration wide enough for its label', async () => {
    renderWithProviders(<WidgetCustomizer />, '/apps-widgets?tab=widget');
    const input = await screen.findByRole('spinbutton', { name: 'Maximum Reservation Duration' });
    expect(input.closest('.MuiFormControl-root')).toHaveStyle({ minWidth: '260px' });
  });

  it('spells colour as the fields do: "Colors" above "Primary Color"', async () => {
    renderWithProviders(<LiteAppCustomizer />, '/apps-widgets');
    expect(await screen.findByText('Colors')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Primary Color' })).toBeInTheDocument();
  });
});
