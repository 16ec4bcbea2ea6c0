import type { TCustomerLocation } from '@lockerops/contract';
import { useEffect, useState } from 'react';
import { call } from '../shared/api';
import { formatDistance, formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import { hrefOf, navigate } from './route';

type Price = TCustomerLocation['sizes'][number]['price'];

/** A price as the customer reads it: "$2.00 per hour", or "Free". */
export function usePriceText() {
  const { t, language } = useI18n();
  return (price: Price) => {
    if (!price) return t('find.free_price');
    const amount = formatMoney(Number(price.amount), price.currency.toUpperCase(), language);
    return price.unit === 'day' ? t('find.perDay', { price: amount }) : t('find.perHour', { price: amount });
  };
}

/**
 * Find a locker: the organization's places, searched by name or address, nearest first when the
 * customer lets the browser tell where they are; a place opens its sizes.
 */
export function Find({ organization }: { organization: string }) {
  const { t, language } = useI18n();
  const [search, setSearch] = useState('');
  const [here, setHere] = useState<{ lat: number; lng: number }>();
  const [items, setItems] = useState<TCustomerLocation[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // typing waits a moment before asking; the first list is asked for at once
    const timer = setTimeout(
      () => {
        call('locations', { params: { organization }, query: { search: search || undefined, ...here } }).then(
          (r) => setItems(r.items),
          () => setFailed(true),
        );
      },
      search ? 250 : 0,
    );
    return () => clearTimeout(timer);
  }, [organization, search, here]);

  const free = (l: TCustomerLocation) => l.sizes.reduce((n, s) => n + s.free, 0);
  return (
    <section className="stack" aria-labelledby="find-title">
      <h2 id="find-title">{t('find.title')}</h2>
      <p className="lead">{t('find.intro')}</p>
      <div className="row">
        <label className="visually-hidden" htmlFor="search">
          {t('find.search')}
        </label>
        <input
          id="search"
          type="search"
          placeholder={t('find.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ flex: 1 }}
        />
        <button
          type="button"
          className="secondary"
          onClick={() =>
            navigator.geolocation?.getCurrentPosition((p) =>
              setHere({ lat: p.coords.latitude, lng: p.coords.longitude }),
            )
          }
        >
          {t('find.nearMe')}
        </button>
      </div>
      {failed && <p className="alert error">{t('app.error')}</p>}
      {items === null && !failed && <p className="muted">{t('app.loading')}</p>}
      {items?.length === 0 && <p className="muted">{t('find.none')}</p>}
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items?.map((l) => (
          <li key={l.id} className="card">
            <a
              className="spread"
              style={{ color: 'inherit', textDecoration: 'none' }}
              href={hrefOf(organization, { name: 'location', id: l.id })}
              onClick={(e) => {
                e.preventDefault();
                navigate(hrefOf(organization, { name: 'location', id: l.id }));
              }}
            >
              <span>
                <strong>{l.name}</strong>
                {l.address && (
                  <>
                    <br />
                    <span className="muted">{l.address}</span>
                  </>
                )}
              </span>
              <span className="muted">
                {t('find.free', { count: free(l) })}
                {l.distance_m !== null && (
                  <>
                    <br />
                    {formatDistance(l.distance_m, language)}
                  </>
                )}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
