/**
 * Saves text as a file the browser downloads (CSV exports). The object URL is released a minute
 * later, not at once: Chromium reads the blob when the download starts, and on a busy machine that
 * can be seconds after the click; a URL released before then downloads as a file named "download".
 */
export function saveTextFile(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
