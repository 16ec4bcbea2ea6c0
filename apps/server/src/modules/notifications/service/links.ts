/*
 * The links the notifications put in their messages, under the server's public address.
 */
import { pickupQrUrl } from '../../../lib/app-links';

/** The server's public address the links of the messages start with (`PUBLIC_URL`). */
let linkBase = 'http://localhost:3000';

/**
 * Sets the public address the messages' links start with (`config.publicUrl`); `buildApp` calls
 * it, like the subscribers it registers, once per process.
 */
export function setNotificationLinkBase(publicUrl: string): void {
  linkBase = publicUrl.replace(/\/$/, '');
}

/** The Lite App page showing `code` as a QR code (see `pickupQrUrl`), under the public address. */
export const pickupQrLink = (subdomain: string | null | undefined, code: string | undefined) =>
  pickupQrUrl(linkBase, subdomain, code);
