/** Hands a file in memory to the browser's downloads, under this name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns; let them finish first.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
