/** Saves bytes made on this device as a download (an object URL on a temporary link). */
export function saveFile(bytes: Uint8Array, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has started reading the blob; keep it a moment for slow downloads to begin.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
