/**
 * A minimal ZIP writer (what an XLSX file is): each entry is deflated with the platform's
 * CompressionStream('deflate-raw') as its chunks arrive, so a large sheet is never held
 * uncompressed in one piece. No ZIP64: entries and the archive stay under 4 GiB.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

interface Entry {
  name: Uint8Array;
  crc: number;
  size: number;
  compressed: Uint8Array[];
  compressedSize: number;
  offset: number;
}

const utf8 = new TextEncoder();

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

export class ZipWriter {
  private entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosTime(new Date());

  /** Adds one file whose content comes as chunks (strings are UTF-8 encoded). */
  async add(
    name: string,
    chunks: Iterable<Uint8Array<ArrayBuffer> | string> | AsyncIterable<Uint8Array<ArrayBuffer> | string>,
  ) {
    const stream = new CompressionStream('deflate-raw');
    const writer = stream.writable.getWriter();
    const compressed: Uint8Array[] = [];
    let compressedSize = 0;
    const reading = (async () => {
      const reader = stream.readable.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        compressed.push(value);
        compressedSize += value.length;
      }
    })();
    let crc = 0;
    let size = 0;
    for await (const chunk of chunks) {
      const bytes = typeof chunk === 'string' ? utf8.encode(chunk) : chunk;
      if (!bytes.length) continue;
      crc = crc32(bytes, crc);
      size += bytes.length;
      await writer.write(bytes);
    }
    await writer.close();
    await reading;
    const entry: Entry = {
      name: utf8.encode(name),
      crc,
      size,
      compressed,
      compressedSize,
      offset: this.offset,
    };
    this.entries.push(entry);
    this.offset += 30 + entry.name.length + compressedSize;
  }

  /** The archive as one buffer (its ArrayBuffer can be transferred). */
  finish(): Uint8Array {
    const central = this.entries.reduce((n, e) => n + 46 + e.name.length, 0);
    const out = new Uint8Array(this.offset + central + 22);
    const view = new DataView(out.buffer);
    let p = 0;
    for (const e of this.entries) {
      view.setUint32(p, 0x04034b50, true);
      this.common(view, p + 4, e);
      view.setUint16(p + 28, 0, true); // extra length
      out.set(e.name, p + 30);
      p += 30 + e.name.length;
      for (const c of e.compressed) {
        out.set(c, p);
        p += c.length;
      }
    }
    const centralStart = p;
    for (const e of this.entries) {
      view.setUint32(p, 0x02014b50, true);
      view.setUint16(p + 4, 20, true); // version made by
      this.common(view, p + 6, e);
      // extra, comment, disk number, internal and external attributes: all zero
      view.setUint32(p + 42, e.offset, true);
      out.set(e.name, p + 46);
      p += 46 + e.name.length;
    }
    view.setUint32(p, 0x06054b50, true);
    view.setUint16(p + 8, this.entries.length, true);
    view.setUint16(p + 10, this.entries.length, true);
    view.setUint32(p + 12, p - centralStart, true);
    view.setUint32(p + 16, centralStart, true);
    return out;
  }

  /** Version needed … name length: the fields local and central headers share. */
  private common(view: DataView, p: number, e: Entry): void {
    view.setUint16(p, 20, true); // version needed (deflate)
    view.setUint16(p + 2, 0x0800, true); // UTF-8 names
    view.setUint16(p + 4, 8, true); // deflate
    view.setUint16(p + 6, this.stamp.time, true);
    view.setUint16(p + 8, this.stamp.date, true);
    view.setUint32(p + 10, e.crc, true);
    view.setUint32(p + 14, e.compressedSize, true);
    view.setUint32(p + 18, e.size, true);
    view.setUint16(p + 22, e.name.length, true);
  }
}
