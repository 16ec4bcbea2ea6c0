/**
 * The Lite App's addresses that messages carry (mail, SMS, notification templates).
 */

/**
 * The Lite App page showing a pickup `code` as a QR code, `{base}/app/{organization}/qr#{code}`:
 * the code stays in the fragment, so no server, log or link preview receives it. `base` is the
 * server's public address (`PUBLIC_URL`); '' when the organization has no sub-domain or no code.
 */
export function pickupQrUrl(
  base: string,
  subdomain: string | null | undefined,
  code: string | null | undefined,
): string {
  return subdomain && code
    ? `${base.replace(/\/$/, '')}/app/${encodeURIComponent(subdomain)}/qr#${code}`
    : '';
}
