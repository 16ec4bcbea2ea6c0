import { isHelpdesk, negotiateLanguage, type TMemberSelf, ZMemberSelf } from '@lockerops/contract';
import { wireOf } from '../lib/wire';
import type { MemberRow } from './queries';

/**
 * A team member as the profile calls answer it (spec: operational §3 Team member). `language` is
 * the member's saved choice, else the first supported language of `acceptLanguage` (the request's
 * Accept-Language header), else English.
 */
export function toMemberSelf(m: MemberRow, acceptLanguage?: string): TMemberSelf {
  return wireOf(ZMemberSelf, m, {
    user_id: m.id,
    helpdesk: isHelpdesk({ email: m.email, first_name: m.firstName, name: m.name }),
    language: m.language ?? negotiateLanguage(acceptLanguage),
    language_saved: m.language !== null,
  });
}
