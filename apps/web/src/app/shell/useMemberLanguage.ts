import { isLanguage } from '@lockerops/contract';
import { useEffect } from 'react';
import { useMemberSelf } from '../../api/members';
import { i18next, setLanguage } from '../../i18n';

/**
 * Shows the console in the signed-in member's language: the language saved on
 * the member, else the one the server negotiated from the browser's Accept-Language.
 */
export function useMemberLanguage(): void {
  const self = useMemberSelf();
  const language = self.data?.language;
  useEffect(() => {
    if (isLanguage(language) && language !== i18next.language) void setLanguage(language);
  }, [language]);
}
