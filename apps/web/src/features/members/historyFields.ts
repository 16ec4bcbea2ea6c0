import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type HistoryFields, useHistoryFields } from '../../components/HistoryLog';

/** The team member history log's changed fields (wire names) and their labels in the `members` catalog. */
export const MEMBER_HISTORY_LABELS: Readonly<Record<string, string>> = {
  name: 'form.firstName',
  first_name: 'form.firstName',
  last_name: 'form.lastName',
  email: 'form.email',
  role: 'form.role',
  pin_code: 'form.pin',
  send_reported_issues: 'form.sendIssues',
  password: 'history.password',
  enabled: 'history.enabled',
  verified: 'history.verified',
  language: 'history.language',
  status: 'history.status',
  last_sign_in_at: 'history.lastSignIn',
};

const ENUMS = { role: 'role' } as const;
/** The account statuses with a label in the catalog (`status.<value>`). */
const STATUSES = new Set(['CONFIRMED', 'FORCE_CHANGE_PASSWORD']);
/** What the log holds when a new temporary password was mailed (the password itself never). */
const PASSWORD_SENT = 'temporary password sent';

/**
 * The team member history log's fields: the catalog's labels, roles through their enum labels,
 * the account status and a mailed temporary password in the console's language.
 */
export function useMemberHistoryFields(): HistoryFields {
  const { t } = useTranslation('members');
  const base = useHistoryFields('members', MEMBER_HISTORY_LABELS, ENUMS);
  return useMemo(
    () => ({
      label: base.label,
      value: (field, v) => {
        if (field === 'status' && typeof v === 'string' && STATUSES.has(v)) return t(`status.${v}`);
        if (field === 'password' && v === PASSWORD_SENT) return t('history.passwordSent');
        return base.value?.(field, v);
      },
    }),
    [t, base],
  );
}
