import { ALERT_TEXTS, fillMailText, type TAlertKind, type TLanguage } from '@lockerops/contract';
import type { Tx } from '../../../db/client';
import { recipientLanguages } from '../../../lib/message-language';
import { type QueuedDelivery, queueDeliveries } from '../../notifications';
import { alertRecipients } from '../queries/alerts';

/**
 * Queues the team's messages about an alert through the notification engine's delivery queue
 * (its sending job delivers them, with retries), in the caller's transaction: an e-mail to each
 * member `alertRecipients` names, in the member's language, else the organization's default one
 * (`ALERT_TEXTS`: en, es, de), and one SMS to the organization's support phone, in the organization's
 * default language. `recovered`: the alert cleared. Answers the count.
 */
export async function queueTeamAlert({
  tx,
  organizationId,
  kind,
  door,
  place,
  recovered = false,
}: {
  tx: Tx;
  organizationId: string;
  kind: TAlertKind;
  door: string;
  place: string;
  recovered?: boolean;
}): Promise<number> {
  const to = await alertRecipients({ tx, organizationId });
  const languageOf = await recipientLanguages({ tx, organizationIds: [organizationId] });
  const textIn = (language: TLanguage) => {
    const t = ALERT_TEXTS[language];
    const what = fillMailText(t.kinds[kind], { door, place });
    return fillMailText(recovered ? t.recovered : t.subject, { place, what });
  };
  const rows: QueuedDelivery[] = to.members.map((m) => {
    const text = textIn(languageOf(organizationId, m.language));
    return {
      organizationId,
      channel: 'email',
      kind: 'member',
      recipient: m.email,
      subject: text,
      body: text,
    };
  });
  if (to.phone)
    rows.push({
      organizationId,
      channel: 'sms',
      kind: 'member',
      recipient: to.phone,
      body: textIn(languageOf(organizationId)),
    });
  await queueDeliveries({ tx, rows });
  return rows.length;
}
