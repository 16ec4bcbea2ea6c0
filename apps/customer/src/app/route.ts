import { useEffect, useState } from 'react';

/**
 * The Lite App's addresses, under `/app/{organization}`: `` (find a locker), `/l/{location}` (a
 * place, from a QR code on its wall), `/d/{device}` (a door, from a QR code on it), `/mine`,
 * `/account`, `/pay#{token}` (a door held at a screen at the wall), `/qr#{code}` (a pickup code as a QR code, from an SMS). A hand-written router: five addresses do not need a library in a small bundle.
 */
export type Route =
  | { name: 'find' }
  | { name: 'location'; id: string }
  | { name: 'device'; id: string }
  | { name: 'mine' }
  | { name: 'account' }
  | { name: 'pay' }
  | { name: 'pickupQr' }
  | { name: 'notFound' };

/** The organization's subdomain, from `/app/{organization}/…`. */
export function organizationOf(pathname: string): string {
  return decodeURIComponent(pathname.split('/')[2] ?? '');
}

export function parseRoute(pathname: string): Route {
  const rest = pathname.split('/').slice(3).filter(Boolean);
  if (rest.length === 0) return { name: 'find' };
  if (rest[0] === 'l' && rest[1]) return { name: 'location', id: rest[1] };
  if (rest[0] === 'd' && rest[1]) return { name: 'device', id: rest[1] };
  if (rest[0] === 'mine' && rest.length === 1) return { name: 'mine' };
  if (rest[0] === 'account' && rest.length === 1) return { name: 'account' };
  if (rest[0] === 'pay' && rest.length === 1) return { name: 'pay' };
  if (rest[0] === 'qr' && rest.length === 1) return { name: 'pickupQr' };
  return { name: 'notFound' };
}

/** The address of `route` in `organization`'s app. */
export function hrefOf(organization: string, route: Route): string {
  const base = `/app/${encodeURIComponent(organization)}`;
  switch (route.name) {
    case 'location':
      return `${base}/l/${route.id}`;
    case 'device':
      return `${base}/d/${route.id}`;
    case 'mine':
    case 'account':
      return `${base}/${route.name}`;
    default:
      return base;
  }
}

/** Moves to `href` without a reload. */
export function navigate(href: string): void {
  history.pushState(null, '', href);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** The current route, following the back and forward buttons and `navigate`. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.pathname));
    addEventListener('popstate', on);
    return () => removeEventListener('popstate', on);
  }, []);
  return route;
}
