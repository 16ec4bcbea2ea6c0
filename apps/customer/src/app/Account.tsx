import type { TCustomerMe } from '@lockerops/contract';
import { useState } from 'react';
import { call } from '../shared/api';
import { useI18n } from '../shared/i18n';

/** My account: name, the verified contact, sign out, delete the account. */
export function Account({
  organization,
  me,
  onChanged,
  onSignedOut,
}: {
  organization: string;
  me: TCustomerMe;
  onChanged: (me: TCustomerMe) => void;
  onSignedOut: (message?: string) => void;
}) {
  const { t, language } = useI18n();
  const [first, setFirst] = useState(me.first_name);
  const [last, setLast] = useState(me.last_name ?? '');
  const [receipts, setReceipts] = useState(me.receipt_emails);
  const [saved, setSaved] = useState(false);
  const params = { organization };
  return (
    <section className="card stack" aria-labelledby="account-title">
      <h2 id="account-title">{t('account.title')}</h2>
      <p>{me.email ?? me.phone_number}</p>
      <form
        className="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          onChanged(
            await call('updateMe', {
              params,
              body: { first_name: first, last_name: last || null, receipt_emails: receipts, language },
            }),
          );
          setSaved(true);
        }}
      >
        <div>
          <label htmlFor="first">{t('account.firstName')}</label>
          <input
            id="first"
            autoComplete="given-name"
            value={first}
            onChange={(e) => setFirst(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="last">{t('account.lastName')}</label>
          <input
            id="last"
            autoComplete="family-name"
            value={last}
            onChange={(e) => setLast(e.target.value)}
          />
        </div>
        {me.email && (
          <label className="row" style={{ fontWeight: 400, flexWrap: 'nowrap' }}>
            <input
              type="checkbox"
              checked={receipts}
              onChange={(e) => setReceipts(e.target.checked)}
              style={{ width: 24, minHeight: 24, flex: 'none' }}
            />
            <span>{t('account.receiptEmails')}</span>
          </label>
        )}
        {saved && (
          <p className="alert ok" role="status">
            {t('account.saved')}
          </p>
        )}
        <button type="submit">{t('account.save')}</button>
      </form>
      <button
        type="button"
        className="secondary"
        onClick={async () => {
          await call('signOut', { params });
          onSignedOut();
        }}
      >
        {t('account.signOut')}
      </button>
      <button
        type="button"
        className="danger"
        onClick={async () => {
          if (!window.confirm(t('account.deleteConfirm'))) return;
          await call('deleteMe', { params });
          onSignedOut(t('account.deleted'));
        }}
      >
        {t('account.delete')}
      </button>
    </section>
  );
}
