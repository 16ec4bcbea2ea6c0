import { isHelpdesk, negotiateLanguage, type TMemberSelf } from '@lockerops/contract';
import type { members } from '../db/schema';

/**
 * A team member as the profile calls answer it (spec: operational §3 Team member). `language` is
 * the member's saved choice, else the first supported language of `acceptLanguage` (the request's
 * Accept-Language header), else English (issue 26 item 6).
 */
export function toMemberSelf(m: typeof members.$inferSelect, acceptLanguage?: string): TMemberSelf {
  return {
    user_id: m.id,
    email: m.email,
    name: m.name,
    first_name: m.firstName,
    last_name: m.lastName,
    role: m.role,
    status: m.status,
    verified: m.verified,
    pin_code: m.pinCode,
    send_reported_issues: m.sendReportedIssues,
    created_at: m.createdAt.toISOString(),
    helpdesk: isHelpdesk({ email: m.email, first_name: m.firstName, name: m.name }),
    language: m.language ?? negotiateLanguage(acceptLanguage),
    language_saved: m.language !== null,
  };
}
