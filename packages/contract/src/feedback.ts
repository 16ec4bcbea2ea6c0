import { z } from 'zod';
import { MSG } from './messages';

export const DEPARTMENTS = ['Sales', 'Customer Support', 'Finance'] as const;
export const FEEDBACK_DESCRIPTION_MAX = 200;
export const FEEDBACK_NOTES_MAX = 300;

/** Text fields of the Send Feedback dialog (spec console §2 Shell, §5 Feedback). Images come as files. */
export const ZFeedbackRequest = z.object({
  location: z.string().trim().max(200).optional().default(''),
  device: z.string().trim().max(200).optional().default(''),
  member: z.string().trim().max(200).optional().default(''),
  department: z.enum(DEPARTMENTS).optional(),
  description: z
    .string({ error: MSG.descriptionRequired })
    .trim()
    .min(1, MSG.descriptionRequired)
    .max(FEEDBACK_DESCRIPTION_MAX, MSG.descriptionMax),
  notes: z.string().trim().max(FEEDBACK_NOTES_MAX, MSG.notesMax).optional().default(''),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;

export const ZFeedbackResponse = z.object({ id: z.uuid(), detail: z.string() });
