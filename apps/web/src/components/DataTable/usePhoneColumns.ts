import { useMemo, useState } from 'react';
import type { TFilterPage } from '../../api/tableFilters';

/** The phone's own column choice (`columns:phone:{page}` in localStorage), else `preset`, else the first two. */
export function usePhoneColumns(page: TFilterPage, fields: readonly string[], preset?: readonly string[]) {
  const key = `columns:phone:${page}`;
  const [choice, setChoice] = useState<Record<string, boolean> | null>(() => {
    try {
      const saved: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
      return saved && typeof saved === 'object' ? (saved as Record<string, boolean>) : null;
    } catch {
      return null;
    }
  });
  const fieldList = fields.join(',');
  const presetList = (preset ?? []).join(',');
  const visibility = useMemo(() => {
    const all = fieldList ? fieldList.split(',') : [];
    const chosen = new Set(presetList ? presetList.split(',') : all.slice(0, 2));
    return Object.fromEntries(all.map((f) => [f, choice?.[f] ?? chosen.has(f)]));
  }, [fieldList, presetList, choice]);
  const setVisibility = (next: Record<string, boolean>) => {
    setChoice(next);
    localStorage.setItem(key, JSON.stringify(next));
  };
  return { visibility, setVisibility };
}
