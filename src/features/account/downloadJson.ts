/** The export's file name, dated in the browser's own calendar: `no-pain-no-gain-data-YYYY-MM-DD.json`. */
export function exportFileName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `no-pain-no-gain-data-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}

/** Saves `data` as a JSON file through a temporary link (the browser's own download, nothing uploaded). */
export function downloadJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL is released once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
