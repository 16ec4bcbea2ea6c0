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
    if (url === '/api/payments/mode') return jsonResponse({ payments_mode: 'sandbox' });
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

/** The settings last posted to the framed app, and where to. */
const lastPosted = (spy: ReturnType<typeof vi.spyOn>) => {
  const [message, origin] = spy.mock.calls.at(-1) as [
    { type: string; settings: Record<string, unknown> },
    string,
  ];
  expect(message.type).toBe('lockerops:lite-app-preview');
  expect(origin).toBe(window.location.origin);
  return message.settings;
};

describe('Lite App customizer', () => {
  it('frames the real app and posts it every unsaved option, then saves them', async () => {
    renderWithProviders(<LiteAppCustomizer />, '/apps-widgets');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    const region = within(screen.getByRole('region', { name: 'Phone preview' }));
    const frame = region.getByTitle('Lite App preview') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toMatch(/^\/app\/[a-z0-9-]+\?preview=1$/);
    const spy = vi.spyOn(frame.contentWindow!, 'postMessage');

    fireEvent.click(screen.getByRole('radio', { name: 'Email' }));
    expect(lastPosted(spy).sign_in_method).toBe('email');
    fireEvent.click(screen.getByRole('radio', { name: 'Both' }));
    expect(lastPosted(spy).sign_in_method).toBe('both');

    const toggles: Record<string, string> = {
      'Allow multiple assets': 'allow_multiple_assets',
      'Allow users to reserve a locker': 'allow_reservations',
      'Track conditions of products': 'track_conditions',
      'Allow photo to end the asset rental': 'photo_to_end_rental',
      'Set up payment in the app': 'payment_in_app',
      'Pre-registered customers only': 'preregistered_only',
    };
    for (const [label, key] of Object.entries(toggles)) {
      expect(lastPosted(spy)[key]).toBe(false);
      fireEvent.click(screen.getByRole('switch', { name: label }));
      expect(lastPosted(spy)[key]).toBe(true);
    }
    fireEvent.click(screen.getByRole('switch', { name: 'Track conditions of products' }));
    expect(lastPosted(spy).track_conditions).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'Primary Color' }), {
      target: { value: '#ff0000' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Secondary Color' }), {
      target: { value: '#00ff00' },
    });
    expect(lastPosted(spy)).toMatchObject({ primary_color: '#ff0000', secondary_color: '#00ff00' });
    // a colour still being typed keeps the default instead of breaking the preview
    fireEvent.change(screen.getByRole('textbox', { name: 'Primary Color' }), { target: { value: '#ff' } });
    expect(lastPosted(spy).primary_color).toBe(LITE.primary_color);
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
      preregistered_only: true,
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
    // the payment switch: a priced window is paid in the widget, here through the sandbox
    const payment = screen.getByRole('switch', { name: 'Payment' });
    expect(payment).not.toBeChecked();
    fireEvent.click(payment);
    expect(payment).toBeChecked();
    expect(payment).toHaveAccessibleDescription(
      'A priced window is paid in the widget before it is booked; a window with no price is booked as before. Payments go through the sandbox provider: no real money moves.',
    );
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
      payment_enabled: true,
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
