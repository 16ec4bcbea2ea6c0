/** The user history log's changed fields (wire names) and their labels in the `users` catalog. */
export const USER_HISTORY_LABELS: Readonly<Record<string, string>> = {
  name: 'form.firstName',
  last_name: 'form.lastName',
  email: 'form.email',
  address: 'form.address',
  phone_number: 'form.phone',
  user_id: 'form.userId',
  pin_code: 'form.pin',
  active: 'column.active',
  is_deleted: 'form.deleted',
  require_auth: 'form.requireAuth',
  access_code: 'form.accessCode',
  widget_only: 'form.widgetOnly',
  groups: 'column.groups',
};
