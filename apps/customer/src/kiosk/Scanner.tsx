import { useEffect, useRef } from 'react';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = (new (opts: {
  formats: string[];
}) => Detector) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/** The browser's own QR reader, where it has one. */
const barcodeDetector = (): DetectorClass | undefined =>
  (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether the screen has a camera to ask for: a QR code is then read by the browser or by jsQR. */
export const canScan = () =>
  typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** One look at the camera's picture: the QR code's text, if one is in sight. */
type Reader = (video: HTMLVideoElement) => Promise<string | undefined>;

/** The browser's BarcodeDetector when it reads QR codes here, else jsQR (loaded only now). */
async function qrReader(): Promise<Reader> {
  const Native = barcodeDetector();
  const formats = Native ? await Native.getSupportedFormats?.().catch(() => []) : [];
  if (Native && formats?.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const g = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!g || !w || !h) return undefined;
    canvas.width = w;
    canvas.height = h;
    g.drawImage(video, 0, 0, w, h);
    const found = jsQR(g.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'dontInvert' });
    return found?.data || undefined;
  };
}

/**
 * The camera's picture, read for a QR code a few times a second; `onCode` gets the first value
 * read, `onFail` when there is no camera (or it was refused).
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
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    (async () => {
      try {
        const [read, s] = await Promise.all([
          qrReader(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' } }),
        ]);
        stream = s;
        if (done || !video.current) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        video.current.srcObject = s;
        await video.current.play();
        const look = async () => {
          if (!video.current || done) return;
          const value = await read(video.current).catch(() => undefined);
          if (value && !done) {
            done = true;
            onCode(value);
            return;
          }
          timer = setTimeout(look, 250);
        };
        void look();
      } catch {
        if (!done) onFail();
      }
    })();
    return () => {
      done = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode, onFail]);
  return <video ref={video} className="scanner" muted playsInline aria-label={label} />;
}
