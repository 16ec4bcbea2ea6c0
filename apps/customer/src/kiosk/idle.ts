import { useEffect, useRef, useState } from 'react';

/** Seconds without a touch before the screen returns to its start and forgets everything. */
const idleSeconds = () => Number(new URLSearchParams(location.search).get('idle')) || 60;

/**
 * The screen's idle timeout: `reset` after `?idle=` seconds (60 unless told) without a touch.
 * Never while `paused` (a door's answer awaited, a payment on the customer's phone under way);
 * the end of a pause counts as a touch, so the idle time starts when the screen changes.
 */
export function useIdleReset(reset: () => void, paused: boolean): void {
  const [touched, setTouched] = useState(Date.now());
  useEffect(() => {
    const touch = () => setTouched(Date.now());
    // on the way up, after React's own handlers (a render in the middle of a controlled input's
    // event would put its old value back)
    const events = ['pointerdown', 'touchstart', 'click', 'keyup'];
    for (const e of events) addEventListener(e, touch);
    return () => {
      for (const e of events) removeEventListener(e, touch);
    };
  }, []);
  // the cleanup of the paused run notes when the pause ended, before the next run reads it: a
  // state set there would come a render late, after a timer of the old touch had fired
  const resumed = useRef(0);
  useEffect(() => {
    if (paused)
      return () => {
        resumed.current = Date.now();
      };
    const from = Math.max(touched, resumed.current);
    const h = setTimeout(reset, Math.max(0, from + idleSeconds() * 1000 - Date.now()));
    return () => clearTimeout(h);
  }, [touched, paused, reset]);
}
