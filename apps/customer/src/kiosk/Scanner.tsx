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

/** What is read: a pickup code's QR code, or a parcel's label (its barcode or 2-D code). */
export type ScanKind = 'qr' | 'label';

/** The barcodes a parcel's label carries, as the BarcodeDetector names them. */
const LABEL_FORMATS = ['code_128', 'code_39', 'code_93', 'ean_13', 'itf', 'qr_code', 'data_matrix', 'pdf417'];

/** The camera's picture drawn on a canvas, as its pixels (none while the video has no size). */
function framer() {
  const canvas = document.createElement('canvas');
  const g = canvas.getContext('2d', { willReadFrequently: true });
  return (video: HTMLVideoElement) => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!g || !w || !h) return undefined;
    canvas.width = w;
    canvas.height = h;
    g.drawImage(video, 0, 0, w, h);
    return g.getImageData(0, 0, w, h);
  };
}

/**
 * A parcel label's reader: the browser's BarcodeDetector when it reads the label formats here,
 * else ZXing (@zxing/library, loaded only now: its own file, so the kiosk's first load does not
 * carry it).
 */
async function labelReader(): Promise<Reader> {
  const Native = barcodeDetector();
  const supported = Native ? ((await Native.getSupportedFormats?.().catch(() => [])) ?? []) : [];
  const formats = LABEL_FORMATS.filter((f) => supported.includes(f));
  if (Native && formats.length) {
    const detector = new Native({ formats });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue;
  }
  const z = await import('@zxing/library');
  const reader = new z.MultiFormatReader();
  reader.setHints(
    new Map<number, unknown>([
      [
        z.DecodeHintType.POSSIBLE_FORMATS,
        [
          z.BarcodeFormat.CODE_128,
          z.BarcodeFormat.CODE_39,
          z.BarcodeFormat.EAN_13,
          z.BarcodeFormat.ITF,
          z.BarcodeFormat.QR_CODE,
          z.BarcodeFormat.DATA_MATRIX,
        ],
      ],
      [z.DecodeHintType.TRY_HARDER, true],
    ]),
  );
  const frame = framer();
  return async (video) => {
    const img = frame(video);
    if (!img) return undefined;
    const luminances = new Uint8ClampedArray(img.width * img.height);
    for (let i = 0, j = 0; i < luminances.length; i++, j += 4)
      luminances[i] = (img.data[j]! * 299 + img.data[j + 1]! * 587 + img.data[j + 2]! * 114) / 1000;
    const source = new z.RGBLuminanceSource(luminances, img.width, img.height);
    try {
      return reader.decode(new z.BinaryBitmap(new z.HybridBinarizer(source))).getText() || undefined;
    } catch {
      return undefined;
    }
  };
}

/** The browser's BarcodeDetector when it reads QR codes here, else jsQR (loaded only now). */
async function qrReader(): Promise<Reader> {
  const Native = barcodeDetector();
  const formats = Native ? await Native.getSupportedFormats?.().catch(() => []) : [];
  if (Native && formats?.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue;
  }
  const { default: jsQR } = await import('jsqr');
  const frame = framer();
  return async (video) => {
    const img = frame(video);
    if (!img) return undefined;
    const found = jsQR(img.data, img.width, img.height, { inversionAttempts: 'dontInvert' });
    return found?.data || undefined;
  };
}

/**
 * The camera's picture, read for a QR code (or, `kind` label, a parcel's barcode) a few times a
 * second; `onCode` gets the first value read, `onFail` when there is no camera (or it was refused).
 */
export function Scanner({
  onCode,
  onFail,
  label,
  kind = 'qr',
}: {
  onCode: (v: string) => void;
  onFail: () => void;
  label: string;
  kind?: ScanKind;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    (async () => {
      try {
        const [read, s] = await Promise.all([
          kind === 'label' ? labelReader() : qrReader(),
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
  }, [onCode, onFail, kind]);
  return <video ref={video} className="scanner" muted playsInline aria-label={label} />;
}
