import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `file.br` and `file.gz` beside every compressible built file, so the server sends them
 * precompressed (@fastify/static `preCompressed`) instead of compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lockerops-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && /\.(js|mjs|css|html|svg|json|txt|map)$/.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
        .filter((f) => fs.statSync(f).size >= 1024);
      await Promise.all(
        files.map(async (f) => {
          const data = fs.readFileSync(f);
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          fs.writeFileSync(`${f}.br`, br);
          fs.writeFileSync(`${f}.gz`, gz);
        }),
      );
    },
  };
}
