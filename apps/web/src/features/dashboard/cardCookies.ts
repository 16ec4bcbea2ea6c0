import {
  CARD_METRICS,
  DASHBOARD_DEFAULT_CARDS,
  DASHBOARD_MAX_CARDS,
  DEFAULT_CARD_METRICS,
  METRIC_COOKIE_PREFIX,
  METRICS_LENGTH_COOKIE,
  type TCardMetric,
} from '@lockerops/contract';

/**
 * The dashboard's metric cards remembered in cookies (spec console §9): `metric_{slot}` holds the
 * metric of slot 0…9, `metrics_length` how many cards are shown (5 to 10); both expire in the year
 * 9999, so the choice outlives sessions on this browser.
 */
const FOREVER = 'Fri, 31 Dec 9999 23:59:59 GMT';
const EXPIRED = 'Thu, 01 Jan 1970 00:00:00 GMT';

function readCookies(): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    out.set(part.slice(0, eq).trim(), decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return out;
}

function setCookie(name: string, value: string, expires = FOREVER) {
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous read at first render; the Cookie Store API is async
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

const isCardMetric = (v: string | undefined): v is TCardMetric =>
  !!v && (CARD_METRICS as readonly string[]).includes(v);

/** The first card metric not in `taken` (the metric a new card starts with). */
export function nextFreeMetric(taken: readonly TCardMetric[]): TCardMetric {
  return CARD_METRICS.find((m) => !taken.includes(m)) ?? CARD_METRICS[0];
}

/**
 * The cards to show: `metrics_length` slots (clamped to 5…10; 5 without the cookie), each slot's
 * `metric_{slot}` when it names a card metric, else the slot's default (or the first free metric).
 */
export function readCardMetrics(): TCardMetric[] {
  const cookies = readCookies();
  const raw = Number(cookies.get(METRICS_LENGTH_COOKIE));
  const length = Number.isInteger(raw)
    ? Math.min(DASHBOARD_MAX_CARDS, Math.max(DASHBOARD_DEFAULT_CARDS, raw))
    : DASHBOARD_DEFAULT_CARDS;
  const out: TCardMetric[] = [];
  for (let slot = 0; slot < length; slot++) {
    const saved = cookies.get(`${METRIC_COOKIE_PREFIX}${slot}`);
    out.push(isCardMetric(saved) ? saved : (DEFAULT_CARD_METRICS[slot] ?? nextFreeMetric(out)));
  }
  return out;
}

/** Saves every slot's metric and the number of cards; slots beyond the list are cleared. */
export function writeCardMetrics(metrics: readonly TCardMetric[]): void {
  metrics.forEach((m, slot) => {
    setCookie(`${METRIC_COOKIE_PREFIX}${slot}`, m);
  });
  for (let slot = metrics.length; slot < DASHBOARD_MAX_CARDS; slot++)
    setCookie(`${METRIC_COOKIE_PREFIX}${slot}`, '', EXPIRED);
  setCookie(METRICS_LENGTH_COOKIE, String(metrics.length));
}
