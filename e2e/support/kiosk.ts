import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from '@playwright/test';
import { adminApi, createLocation, unique } from './console';

/** A location with a 2 × 3 wall of six delivery doors of one size, through the console's API. */
export async function kioskPlace(request: APIRequestContext) {
  const api = await adminApi(request);
  const location = await createLocation(api, unique('Kiosk Hall'));
  const size = await api.post('sizes', { name: unique('Parcel M'), width: 30, depth: 40, height: 20 });
  const wall = await api.post('locker-walls', {
    id_location: location.id,
    name: unique('Kiosk Wall'),
    qty_wide: 2,
    qty_tall: 3,
  });
  for (let n = 1; n <= 6; n++) {
    const door = await api.post('devices', {
      name: unique(`Kiosk Door ${n}`),
      locker_number: n,
      mode: 'delivery',
      status: 'available',
      hardware_type: 'virtual',
      id_location: location.id,
      id_size: size.id,
    });
    const res = await request.patch(`/api/locker-walls/${wall.id}/doors`, {
      headers: api.headers,
      data: { x: ((n - 1) % 2) + 1, y: Math.ceil(n / 2), id_device: door.id },
    });
    expect(res.ok()).toBe(true);
  }
  return { api, location, size };
}

/**
 * A Chromium whose camera shows the video `videoFile` (see `pngVideo`), and a portrait touch
 * context of it (1080 × 1920) allowed the camera, holding the screen's kiosk token `token`.
 */
export async function cameraScreen(
  playwright: PlaywrightWorkerArgs['playwright'],
  info: TestInfo,
  videoFile: string,
  token: string,
): Promise<{ browser: Browser; context: BrowserContext }> {
  const launch = info.project.use.launchOptions ?? {};
  const browser = await playwright.chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  });
  const context = await browser.newContext({
    baseURL: info.project.use.baseURL,
    viewport: { width: 1080, height: 1920 },
    hasTouch: true,
    permissions: ['camera'],
  });
  await context.addInitScript((t: string) => localStorage.setItem('lockerops.kiosk.token', t), token);
  return { browser, context };
}
