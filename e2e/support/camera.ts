import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) that shows the
 * picture `png` (a QR code from a pickup code's e-mail, say): Y4M (YUV 4:2:0), written by hand —
 * a header, then a few identical frames of the picture, enlarged by a whole factor (each pixel a
 * square, so a QR code's modules stay sharp) and centred on white in 640 × 480. Answers its path.
 */
export function pngVideo(png: Buffer, name = 'qr'): string {
  const image = PNG.sync.read(png);
  const scale = Math.max(1, Math.floor(Math.min((WIDTH * 0.9) / image.width, (HEIGHT * 0.9) / image.height)));
  const left = Math.floor((WIDTH - image.width * scale) / 2);
  const top = Math.floor((HEIGHT - image.height * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let y = 0; y < image.height * scale; y++)
    for (let x = 0; x < image.width * scale; x++) {
      const i = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4;
      const [r, g, b, a] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]! / 255];
      // on white, as a mail client draws a transparent pixel
      const grey = (0.299 * r + 0.587 * g + 0.114 * b) * a + 255 * (1 - a);
      luma[(top + y) * WIDTH + left + x] = Math.round(grey);
    }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-camera-')), `${name}.y4m`);
  fs.writeFileSync(file, Buffer.concat([header, frame, frame, frame]));
  return file;
}

/** The text of the QR code in the picture `png` (a data URL's or a file's bytes), or a thrown error. */
export function qrText(png: Buffer): string {
  const image = PNG.sync.read(png);
  const read = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!read) throw new Error('no QR code in the picture');
  return read.data;
}
