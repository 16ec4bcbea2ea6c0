import { messageLanguage, type TLanguage } from '@lockerops/contract';
import { eq } from 'drizzle-orm';
import type { TxAuth } from '../../auth/context';
import { feedback, organizations, settings } from '../../db/schema';

type FeedbackRow = typeof feedback.$inferSelect;
type OrganizationRow = typeof organizations.$inferSelect;

/** One feedback as sent: the dialog's fields and the URLs of its stored images. */
interface FeedbackInput {
  location?: string;
  device?: string;
  member?: string;
  department?: FeedbackRow['department'];
  description: string;
  notes?: string;
  images: string[];
}

/**
 * Stores one feedback of the caller (absent text fields as '') and reads what its mail needs:
 * the stored row, the organization, its support contact (`support`: the settings' default
 * support e-mail, undefined when none) and its default language (the mail's). Throws only the database's errors. spec: console §2 Shell
 * Feedback dialog, §5 Feedback, §7 `POST feedback`.
 */
export async function storeFeedback({ tx, auth, input }: TxAuth<{ input: FeedbackInput }>): Promise<{
  row: FeedbackRow;
  org: OrganizationRow;
  support: string | null | undefined;
  language: TLanguage;
}> {
  const [row] = await tx
    .insert(feedback)
    .values({
      organizationId: auth.organizationId,
      memberId: auth.memberId,
      location: input.location ?? '',
      device: input.device ?? '',
      member: input.member ?? '',
      department: input.department,
      description: input.description,
      notes: input.notes ?? '',
      images: input.images,
    })
    .returning();
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, auth.organizationId));
  const [s] = await tx.select().from(settings).where(eq(settings.organizationId, auth.organizationId));
  return {
    row: row!,
    org: org!,
    support: s?.defaultSupportEmail,
    language: messageLanguage(null, s?.defaultLanguage),
  };
}
