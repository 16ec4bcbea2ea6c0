import { fillMailText, OPERATOR_TEXTS, type TFeedbackRequest, type TLanguage } from '@lockerops/contract';

/**
 * The feedback mail to the support address (spec: console §5 Feedback, §7 `POST feedback`), in
 * `language` (the organization's default): who sent it from which organization, the department,
 * location, device and member (`-` for none), the description, the notes and the images' addresses.
 */
export function feedbackMail({
  language,
  sender,
  organization,
  input,
  images,
}: {
  language: TLanguage;
  sender: string | null | undefined;
  organization: string;
  input: Partial<TFeedbackRequest> & { description: string };
  images: string[];
}): { subject: string; text: string } {
  const w = OPERATOR_TEXTS[language];
  const line = (text: string, value: string | undefined) => fillMailText(text, { value: value || '-' });
  const lines = [
    sender
      ? fillMailText(w.feedbackFrom, { name: sender, org: organization })
      : fillMailText(w.feedbackFromSomeone, { org: organization }),
    line(w.department, input.department && w.departments[input.department]),
    line(w.location, input.location),
    line(w.device, input.device),
    line(w.member, input.member),
    '',
    input.description,
    '',
    input.notes ? line(w.notes, input.notes) : '',
    ...images.map((u) => line(w.image, u)),
  ];
  return { subject: w.feedbackSubject, text: lines.join('\n') };
}
