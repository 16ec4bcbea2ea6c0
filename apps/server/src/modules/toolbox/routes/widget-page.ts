import {
  SANDBOX_PAYMENT_METHOD,
  type TLanguage,
  type TWidgetSettings,
  WIDGET_TEXTS,
} from '@lockerops/contract';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The public reservation widget page: plain HTML, CSS with the saved colours, and one
 * JavaScript module that calls the widget API with the publishable key. Small (a few KB, no
 * framework) so it loads fast inside an operator's site, and laid out for a 360 px phone. What the
 * customer types is the wall clock of the chosen location's zone (shown under the fields), sent as an
 * instant with that zone's offset; the confirmation shows the place's local time and zone abbreviation.
 * Its words are in `language` (`WIDGET_TEXTS`), and its dates and money in that language's format.
 * Booking is contact → "Send code" → the code → Book: the code goes to the one contact
 * typed (an e-mail, else a phone number), the outcome of the send is announced (`aria-live`), and
 * the server's refusals show in the page's language by their code. With the payment switch on and a
 * priced window, the code step shows the amount and the payment before "Pay … and book": the
 * sandbox's test card, labelled "no real money", while no real provider is connected (its payment
 * method is sent with the booking); a real provider's card form is not part of this page.
 */
export function widgetPage(p: {
  organization: string;
  name: string;
  settings: TWidgetSettings;
  language: TLanguage;
}): string {
  const s = p.settings;
  const w = WIDGET_TEXTS[p.language];
  const e = escapeHtml;
  // the script's texts, as JSON inside the page: `<` escaped so no text can close the script
  const texts = JSON.stringify(w).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${p.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(w.title)} · ${e(p.name)}</title>
<style>
:root{--primary:${s.primary_color};--secondary:${s.secondary_color};--background:${s.background_color}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--background);color:#1a1a1a}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:1.3rem;margin:0 0 12px;color:var(--primary)}
label{display:block;font-size:.9rem;margin:10px 0 4px}
input,select{width:100%;font:inherit;padding:10px;border:1px solid #bbb;border-radius:6px;background:#fff}
.row{display:flex;flex-wrap:wrap;column-gap:8px}.row>div{flex:1 1 260px;min-width:0}
button{width:100%;margin-top:16px;padding:12px;font:inherit;font-weight:600;border:0;border-radius:6px;cursor:pointer;color:#fff;background:var(--primary)}
button.secondary{background:var(--secondary)}
button:disabled{opacity:.6;cursor:default}
.note{margin-top:12px;padding:10px;border-radius:6px;background:#f3f3f3}
.error{background:#fdecea;color:#8a1c1c}
.done{border:2px solid var(--secondary);background:#fff}
.zone{margin:4px 0 0;font-size:.85rem;color:#555}
.hidden{display:none}
fieldset{margin:16px 0 0;padding:8px 12px 12px;border:1px solid #bbb;border-radius:6px;background:#fff}
legend{font-weight:600;padding:0 4px}
input[readonly]{background:#f3f3f3}
.badge{display:inline-block;margin-left:6px;padding:2px 8px;border-radius:10px;background:#fff3cd;color:#5c4400;font-size:.8rem;font-weight:600}
</style></head>
<body><main id="widget" data-organization="${escapeHtml(p.organization)}">
<h1>${e(w.heading.replace('{name}', p.name))}</h1>
<form id="find">
<label for="location">${e(w.location)}</label><select id="location" required></select>
<label for="size">${e(w.size)}</label><select id="size" required></select>
<div class="row"><div><label for="start">${e(w.from)}</label><input id="start" type="datetime-local" required></div>
<div><label for="end">${e(w.until)}</label><input id="end" type="datetime-local" required></div></div>
<p class="zone" id="zone"></p>
<p class="note" id="limit"></p>
<button type="submit" class="secondary" id="check">${e(w.check)}</button>
</form>
<div id="quote" class="note hidden" role="status"></div>
<form id="book" class="hidden">
<label for="name">${e(w.name)}</label><input id="name" autocomplete="name" required>
<label for="contact">${e(w.contact)}</label><input id="contact" autocomplete="email" required aria-describedby="contact-hint">
<p class="zone" id="contact-hint">${e(w.contactHint)}</p>
<button type="button" class="secondary" id="send">${e(w.sendCode)}</button>
<p id="sent" class="note hidden" role="status" aria-live="polite"></p>
<div id="code-step" class="hidden">
<label for="code">${e(w.code)}</label><input id="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}" required>
<fieldset id="pay" class="hidden"><legend>${e(w.payTitle)} <span id="sandbox" class="badge hidden">${e(w.sandbox)}</span></legend>
<p id="amount"></p>
<div id="card-form" class="hidden"><p class="zone" id="card-note">${e(w.sandboxNote)}</p>
<label for="card">${e(w.card)}</label><input id="card" readonly value="4242 4242 4242 4242" aria-describedby="card-note">
<div class="row"><div><label for="card-expiry">${e(w.cardExpiry)}</label><input id="card-expiry" readonly value="12/34"></div>
<div><label for="card-cvc">${e(w.cardCvc)}</label><input id="card-cvc" readonly value="123"></div></div></div>
<p id="pay-elsewhere" class="note hidden">${e(w.payElsewhere)}</p>
</fieldset>
<button type="submit" id="submit">${e(w.book)}</button>
</div>
</form>
<div id="message" class="note hidden" role="alert"></div>
<p id="next" class="note hidden"></p>
</main>
<script type="application/json" id="texts">${texts}</script>
<script type="module">
const root = document.getElementById('widget');
const T = JSON.parse(document.getElementById('texts').textContent);
const fill = (text, values) => text.replace(/\\{(\\w+)\\}/g, (m, k) => (k in values ? String(values[k]) : m));
const LANG = document.documentElement.lang;
const key = new URLSearchParams(location.search).get('key') || '';
const base = '/api/widget/' + encodeURIComponent(root.dataset.organization);
const $ = (id) => document.getElementById(id);
const show = (el, text, cls) => { el.textContent = text; el.className = 'note ' + (cls || ''); };
// the server's message in the page's language when it has its code, else its English detail
const say = (code, text) => (code && T.errors[code]) || text;
const detail = async (res) => { try { const d = await res.json();
  return Array.isArray(d.detail) ? d.detail.map((t, i) => say((d.codes || [])[i], t)).join(' ') : say(d.code, String(d.detail)); } catch { return T.wrong; } };
// one contact: an e-mail when it has an @, else a phone number
const contactBody = () => { const v = $('contact').value.trim(); return v.includes('@') ? { email: v } : { phone_number: v }; };
const call = (path, init) => fetch(base + path + (path.includes('?') ? '&' : '?') + 'key=' + encodeURIComponent(key), init);
// Typed times are the wall clock of the locker's place, whatever the visitor's own zone is.
const parts = (zone, ms, opts) => Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, ...opts }).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
const offsetAt = (zone, ms) => { const p = parts(zone, ms, { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(ms / 1000) * 1000; };
const wallOf = (ms, zone) => new Date(ms + offsetAt(zone, ms)).toISOString().slice(0, 16);
const pad = (n) => String(n).padStart(2, '0');
function instantOf(value, zone) {
  const wall = Date.parse(value.slice(0, 16) + ':00Z');
  let ms = wall - offsetAt(zone, wall);
  ms = wall - offsetAt(zone, ms);
  const off = offsetAt(zone, ms) / 60000;
  const sign = off < 0 ? '-' : '+';
  return wallOf(ms, zone) + ':00' + sign + pad(Math.floor(Math.abs(off) / 60)) + ':' + pad(Math.abs(off) % 60);
}
const abbreviation = (zone, ms) => { const us = parts(zone, ms, { timeZoneName: 'short' }).timeZoneName;
  if (!us.startsWith('GMT')) return us; const gb = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName').value;
  return !gb.startsWith('GMT') || gb === 'GMT' ? gb : us; };
const localTime = (iso, zone) => { const ms = Date.parse(iso);
  return new Intl.DateTimeFormat(LANG, { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms)) + ' ' + abbreviation(zone, ms); };
const zoneOf = () => (config.locations.find((l) => l.id === $('location').value) || {}).time_zone || 'UTC';
// the abbreviation of the typed date, not of today: a July date in Chicago reads CDT in January too
const showZone = () => { const z = zoneOf(); const typed = $('start').value ? Date.parse(instantOf($('start').value, z)) : NaN;
  $('zone').textContent = z.replace(/_/g, ' ') + ' (' + abbreviation(z, Number.isNaN(typed) ? Date.now() : typed) + ')'; };
// a unit's word agrees with its number by the language's plural rules ("1 day", "2 days")
const unitWord = (n, unit) => { const forms = T.units[unit]; return forms ? forms[new Intl.PluralRules(LANG).select(Number(n))] || forms.other : unit; };
let config;
// the quote of the window being booked: its price and whether the booking pays it first
let quote;
const money = (v, currency) => new Intl.NumberFormat(LANG, { style: 'currency', currency: (currency || config.currency).toUpperCase() }).format(Number(v));
const paying = () => !!(quote && quote.payment_required);
// the payment of a priced window: its amount, the sandbox's labelled test card, or no card form here
function showPay() {
  $('pay').classList.toggle('hidden', !paying());
  $('submit').textContent = T.book;
  $('submit').classList.remove('hidden');
  if (!paying()) return;
  const price = money(quote.price.total, quote.currency);
  $('amount').textContent = fill(T.amount, { price });
  $('sandbox').classList.toggle('hidden', !config.sandbox);
  $('card-form').classList.toggle('hidden', !config.sandbox);
  $('pay-elsewhere').classList.toggle('hidden', config.sandbox);
  $('submit').textContent = fill(T.pay, { price });
  $('submit').classList.toggle('hidden', !config.sandbox);
}
function fillSizes() {
  const loc = config.locations.find((l) => l.id === $('location').value);
  $('size').replaceChildren(...(loc ? loc.sizes : []).map((s) => new Option(s.name, s.id)));
  showZone();
}
function windowOf() {
  const zone = zoneOf();
  return { start: instantOf($('start').value, zone), end: instantOf($('end').value, zone) };
}
async function load() {
  const res = await call('/config');
  if (!res.ok) { show($('message'), await detail(res), 'error'); $('find').classList.add('hidden'); return; }
  config = await res.json();
  $('location').replaceChildren(...config.locations.map((l) => new Option(l.address ? l.name + ' — ' + l.address : l.name, l.id)));
  fillSizes();
  const now = Date.now() + 10 * 60000;
  $('start').value = wallOf(now, zoneOf());
  $('end').value = wallOf(now + 3600000, zoneOf());
  showZone();
  const n = config.settings.max_duration;
  $('limit').textContent = fill(T.limit, { n: new Intl.NumberFormat(LANG).format(n), unit: unitWord(n, config.settings.max_duration_unit) });
}
$('location').addEventListener('change', fillSizes);
$('start').addEventListener('input', showZone);
for (const id of ['location', 'size', 'start', 'end']) $(id).addEventListener('change', () => { quote = undefined; $('book').classList.add('hidden'); $('quote').classList.add('hidden'); });
$('find').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('message').classList.add('hidden');
  const w = windowOf();
  const q = new URLSearchParams({ id_location: $('location').value, id_size: $('size').value, start: w.start, end: w.end });
  const res = await call('/quote?' + q);
  if (!res.ok) { show($('quote'), await detail(res), 'error'); return; }
  quote = await res.json();
  if (!quote.available) { show($('quote'), T.noneFree, 'error'); $('book').classList.add('hidden'); return; }
  show($('quote'), quote.price ? fill(T.available, { price: money(quote.price.total, quote.currency) }) : T.free);
  showPay();
  $('book').classList.remove('hidden');
});
async function sendCode() {
  if (!$('contact').reportValidity()) return;
  $('send').disabled = true;
  const res = await call('/verification', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': LANG }, body: JSON.stringify(contactBody()) });
  $('send').disabled = false;
  if (!res.ok) { show($('sent'), await detail(res), 'error'); return; }
  show($('sent'), fill(T.codeSent, { contact: $('contact').value.trim() }));
  $('send').textContent = T.sendAgain;
  $('code-step').classList.remove('hidden');
  $('code').focus();
}
$('send').addEventListener('click', sendCode);
// another contact needs its own code
$('contact').addEventListener('input', () => { $('code-step').classList.add('hidden'); $('sent').classList.add('hidden'); $('send').textContent = T.sendCode; });
$('book').addEventListener('submit', async (e) => {
  e.preventDefault();
  if ($('code-step').classList.contains('hidden')) { await sendCode(); return; }
  $('submit').disabled = true;
  const w = windowOf();
  const body = { id_location: $('location').value, id_size: $('size').value, start: w.start, end: w.end,
    name: $('name').value, verification_code: $('code').value.trim(), ...contactBody(),
    ...(paying() && config.sandbox ? { payment_method: ${JSON.stringify(SANDBOX_PAYMENT_METHOD)} } : {}) };
  const res = await call('/reservations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  $('submit').disabled = false;
  if (!res.ok) { show($('message'), await detail(res), 'error'); return; }
  const b = await res.json();
  $('find').classList.add('hidden'); $('book').classList.add('hidden'); $('quote').classList.add('hidden');
  show($('message'), fill(T.booked, { tracking: b.tracking_number, location: b.location,
    locker: b.locker_number != null ? fill(T.locker, { n: b.locker_number }) : '',
    start: localTime(b.starts_at, b.time_zone), end: localTime(b.ends_at, b.time_zone),
    price: !b.price ? '' : b.paid ? fill(T.paid, { price: money(b.price.total, b.currency) }) + (b.sandbox ? ' (' + T.sandbox + ')' : '')
      : ', ' + money(b.price.total, b.currency) }), 'done');
  show($('next'), fill(T.nextStep, { tracking: b.tracking_number, location: b.location, start: localTime(b.starts_at, b.time_zone) }));
});
load();
</script></body></html>`;
}
