import { feedbackEndpoints, type TFeedbackRequest, ZFeedbackResponse } from '@lockerops/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from './client';

/** POST feedback as multipart: the text fields plus images[] files (spec console §7). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: ({ images, ...fields }: TFeedbackRequest & { images: File[] }) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') form.append(k, String(v));
      for (const file of images) form.append('images', file, file.name);
      return apiCall(feedbackEndpoints.feedback.create, { body: form, schema: ZFeedbackResponse });
    },
  });
}
