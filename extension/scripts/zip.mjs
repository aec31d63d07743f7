// Zips dist-extension/ into dist-extension.zip (what the Chrome Web Store and Edge Add-ons take).
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';

const root = path.resolve(import.meta.dirname, '..', '..');
const dir = path.join(root, 'dist-extension');
const out = path.join(root, 'dist-extension.zip');
if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
  console.error('dist-extension/manifest.json is missing: run the build first');
  process.exit(1);
}
const zip = new JSZip();
const add = (abs, rel) => {
  for (const entry of fs
    .readdirSync(abs, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const a = path.join(abs, entry.name);
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) add(a, r);
    else zip.file(r, fs.readFileSync(a), { date: new Date('2026-01-01T00:00:00Z') });
  }
};
add(dir, '');
const buf = await zip.generateAsync({
  type: 'nodebuffer',
  compression: 'DEFLATE',
  compressionOptions: { level: 9 },
});
fs.writeFileSync(out, buf);
console.log(`dist-extension.zip: ${Object.keys(zip.files).length} entries, ${buf.length} bytes`);
