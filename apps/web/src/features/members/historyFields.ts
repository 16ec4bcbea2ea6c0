/** The team member history log's changed fields (wire names) and their labels in the `members` catalog. */
export const MEMBER_HISTORY_LABELS: Readonly<Record<string, string>> = {
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
};
