import { escapeHtml } from './templates.ts';
import type { StoredMail } from './store.ts';

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** Plain text with every URL turned into a link, everything else escaped. */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const index = match.index ?? 0;
    out += escapeHtml(text.slice(last, index));
    const url = escapeHtml(match[0]);
    out += `<a href="${url}">${url}</a>`;
    last = index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** The outbox page: newest first, each mail with its time, recipient, subject and clickable links. */
export function outboxPage(messages: StoredMail[], to?: string): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at.replace('T', ' ').slice(0, 19))} UTC</time>
  · <strong>${escapeHtml(m.to)}</strong> · <a href="/_dev/mail/${escapeHtml(m.id)}">${escapeHtml(m.subject)}</a></header>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  const heading = to ? `Mail to ${escapeHtml(to)}` : 'All mail';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mail outbox · No Pain, No Gain</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border-top:1px solid #ddd;padding:.75rem 0}pre{white-space:pre-wrap;font-family:inherit}time{color:#666}</style>
</head><body>
<h1>Dev mail outbox</h1>
<p>${heading} (${messages.length}), newest first. JSON: <a href="?format=json">?format=json</a>.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}
