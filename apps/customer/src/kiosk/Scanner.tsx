import { useEffect, useRef } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (opts: { formats: string[] }) => Detector;

/** The browser's own QR reader, where it has one. */
export const barcodeDetector = (): DetectorClass | undefined =>
  (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/**
 * The camera's picture, read for a QR code a few times a second with the browser's
 * BarcodeDetector; `onCode` gets the first value read, `onFail` when there is no camera.
 */
export function Scanner({
  onCode,
  onFail,
  label,
}: {
  onCode: (v: string) => void;
  onFail: () => void;
  label: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let done = false;
    const Detector = barcodeDetector();
    (async () => {
      try {
        if (!Detector) throw new Error('no detector');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' } });
        if (done || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = new Detector({ formats: ['qr_code'] });
        timer = setInterval(async () => {
          if (!video.current || done) return;
          const found = await detector.detect(video.current).catch(() => []);
          const value = found[0]?.rawValue;
          if (value && !done) {
            done = true;
            onCode(value);
          }
        }, 300);
      } catch {
        if (!done) onFail();
      }
    })();
    return () => {
      done = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode, onFail]);
  return <video ref={video} className="scanner" muted playsInline aria-label={label} />;
}
