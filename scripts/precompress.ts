import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The client build's scripts (and any other text file of it), compressed once at build time at the strongest
 * settings: `<file>.br` and `<file>.gz` next to each file of at least 1 KB. The server sends them as
 * they are (express-static-gzip), instead of compressing the same files again for every first visit.
 *   tsx scripts/precompress.ts build/client/assets
 */
const dir = process.argv[2] ?? 'build/client/assets';
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(dir, name);
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  before += content.length;
  after += br.length;
}
console.log(`precompressed ${dir}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with brotli`);
