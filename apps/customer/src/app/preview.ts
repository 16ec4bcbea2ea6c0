import type { TCustomerAppConfig, TLiteAppSettings } from '@lockerops/contract';
import { useEffect, useState } from 'react';

/*
 * The preview of the console's Lite App customizer (README "Lite App"): the console frames
 * `/app/{organization}?preview` (the server lets only its own origin frame it) and posts the
 * customizer's unsaved settings. The preview signs nobody in and acts on nothing (every call but a
 * read is refused before it leaves), and it takes settings only from the page of this origin that
 * frames it — opened on its own, or framed elsewhere, it is the app with its saved settings.
 */

/** The message the console posts with the unsaved settings. */
export const PREVIEW_SETTINGS = 'lockerops:lite-app-preview';
/** The message the preview posts to the console once it listens. */
export const PREVIEW_READY = 'lockerops:lite-app-ready';

/** The app runs as the customizer's preview: `?preview` and framed. */
export const inPreview = (): boolean =>
  new URLSearchParams(location.search).has('preview') && window.parent !== window;

const HEX = /^#[0-9a-fA-F]{6}$/;
const METHODS = ['phone', 'email', 'both'] as const;
const TOGGLES = [
  'allow_multiple_assets',
  'allow_reservations',
  'track_conditions',
  'photo_to_end_rental',
  'payment_in_app',
  'preregistered_only',
] as const;

/** The settings a message carries, each checked; what is missing or malformed keeps the saved value. */
export function settingsOf(data: unknown, saved: TLiteAppSettings): TLiteAppSettings {
  const given = (data ?? {}) as Record<string, unknown>;
  const next: TLiteAppSettings = { ...saved };
  const method = given.sign_in_method;
  if (METHODS.includes(method as (typeof METHODS)[number]))
    next.sign_in_method = method as TLiteAppSettings['sign_in_method'];
  for (const key of TOGGLES) if (typeof given[key] === 'boolean') next[key] = given[key] as boolean;
  for (const key of ['primary_color', 'secondary_color'] as const) {
    const v = given[key];
    if (typeof v === 'string' && HEX.test(v)) next[key] = v;
  }
  return next;
}

/**
 * The contacts of `settings`' sign-in method, narrowed as the server narrows the saved one: when
 * the saved method allows the phone and the server offers none, SMS is off and e-mail stays.
 */
export function contactsOf(
  settings: TLiteAppSettings,
  saved: TCustomerAppConfig,
): TCustomerAppConfig['contacts'] {
  const smsOff = saved.settings.sign_in_method !== 'email' && !saved.contacts.includes('phone');
  const wanted: TCustomerAppConfig['contacts'] =
    settings.sign_in_method === 'both' ? ['email', 'phone'] : [settings.sign_in_method];
  const allowed = smsOff ? wanted.filter((c) => c !== 'phone') : wanted;
  return allowed.length ? allowed : ['email'];
}

/**
 * The saved configuration with the framing console's unsaved settings over it, while `enabled`
 * (the preview): messages count only from this origin's page that frames the app.
 */
export function usePreviewConfig(
  config: TCustomerAppConfig | null,
  enabled: boolean,
): TCustomerAppConfig | null {
  const [draft, setDraft] = useState<unknown>(null);
  useEffect(() => {
    if (!enabled) return;
    const on = (ev: MessageEvent) => {
      if (ev.origin !== location.origin || ev.source !== window.parent) return;
      const data = ev.data as { type?: unknown; settings?: unknown } | null;
      if (data?.type === PREVIEW_SETTINGS) setDraft(data.settings);
    };
    addEventListener('message', on);
    window.parent.postMessage({ type: PREVIEW_READY }, location.origin);
    return () => removeEventListener('message', on);
  }, [enabled]);
  if (!config || !enabled || draft === null) return config;
  const settings = settingsOf(draft, config.settings);
  return { ...config, settings, contacts: contactsOf(settings, config) };
}
