import { ZImageResponse } from '@lockerops/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './client';

/** `POST images` (multipart field `image`) → the stored image's URL (spec operational §7). */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      const body = new FormData();
      body.append('image', file);
      const res = await apiRequest('images', { method: 'POST', body, schema: ZImageResponse });
      return res.detail;
    },
  });
}
