import { commonEndpoints, ZImageResponse } from '@lockerops/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from './client';

/** `POST images` (multipart field `image`) → the stored image's URL (spec operational §7). */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      const body = new FormData();
      body.append('image', file);
      const res = await apiCall(commonEndpoints.images.create, { body, schema: ZImageResponse });
      return res.detail;
    },
  });
}
