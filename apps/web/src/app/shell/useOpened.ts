import { useState } from 'react';

/**
 * True from the first time `open` is true on. A dialog loaded on demand is mounted only once it
 * has been opened — so its code and its form library stay off the first load — and then stays
 * mounted, so it closes with its transition and keeps its state like any other dialog.
 */
export function useOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
