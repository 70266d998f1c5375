/**
 * Saves text as a file the browser downloads (CSV exports). The object URL is released a minute
 * later, not at once: the browser reads the blob when the download starts, which on a busy phone
 * or machine can be well after the click.
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
