import { useI18n } from '../shared/i18n';

/** "Sandbox" beside every amount: the local test provider moves no real money. */
export function SandboxBadge() {
  const { t } = useI18n();
  return (
    <span className="badge" title={t('app.sandboxHint')}>
      {t('app.sandbox')}
      <span className="visually-hidden"> — {t('app.sandboxHint')}</span>
    </span>
  );
}
