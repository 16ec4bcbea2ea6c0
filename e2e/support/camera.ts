import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) that shows a QR
 * code of `text`: Y4M (YUV 4:2:0), written by hand — a header, then a few identical frames of a
 * black-on-white QR code centred in a 640 × 480 picture. Answers the file's path.
 */
export function qrVideo(text: string, name = 'qr'): string {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = Math.floor((height * 0.8) / (n + 8));
  const side = cell * (n + 8); // four modules of quiet zone on each side
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < cell; dy++) {
        const row = (top + (y + 4) * cell + dy) * width + left + (x + 4) * cell;
        luma.fill(0, row, row + cell);
      }
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-camera-')), `${name}.y4m`);
  fs.writeFileSync(file, Buffer.concat([header, frame, frame, frame]));
  return file;
}
