/**
 * `npm test` step after `lingui extract`: every German catalogue entry has a translation, no
 * catalogue keeps obsolete entries, and a text (msgid and context) has the same German in every
 * catalogue: Lingui loads each feature's catalogue into one i18n instance, keyed by the message's
 * id, so a second translation would replace the first on screen once its chunk loads (the admin's
 * "Search" button once turned the header's "Suche" into "Suchen"). Give such a text a context.
 * Prints each problem with its catalogue; exits 1 if any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Entry = { msgid: string; msgctxt?: string; msgstr: string; obsolete: boolean };

/** Just enough of the PO format for Lingui's output: msgid/msgstr with continuation lines. */
export function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const obsolete = lines.some((l) => l.startsWith('#~'));
    const field = (name: string) => {
      const clean = lines.map((l) => l.replace(/^#~ ?/, ''));
      const start = clean.findIndex((l) => l.startsWith(`${name} `));
      if (start < 0) return undefined;
      let value = JSON.parse(clean[start].slice(name.length + 1)) as string;
      for (let i = start + 1; i < clean.length && clean[i].startsWith('"'); i++) value += JSON.parse(clean[i]) as string;
      return value;
    };
    const msgid = field('msgid');
    const msgstr = field('msgstr');
    if (msgid === undefined || msgstr === undefined || msgid === '') continue;
    entries.push({ msgid, msgctxt: field('msgctxt'), msgstr, obsolete });
  }
  return entries;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = (readdirSync('src', { recursive: true }) as string[])
    .filter((f) => f.endsWith(join('locales', 'de', 'messages.po')))
    .map((f) => join('src', f))
    .sort();
  let problems = 0;
  let total = 0;
  const german = new Map<string, { file: string; msgstr: string }>();
  for (const file of files) {
    for (const entry of parsePo(readFileSync(file, 'utf8'))) {
      total++;
      const key = `${entry.msgctxt ?? ''}\u0004${entry.msgid}`;
      const seen = german.get(key);
      if (!entry.obsolete && seen && entry.msgstr.trim() && seen.msgstr !== entry.msgstr) {
        problems++;
        const what = entry.msgctxt ? `${JSON.stringify(entry.msgid)} (context ${JSON.stringify(entry.msgctxt)})` : JSON.stringify(entry.msgid);
        console.log(
          `clash     ${file}: ${what} is ${JSON.stringify(entry.msgstr)} here but ${JSON.stringify(seen.msgstr)} in ${seen.file} (one wins at run time: give one a context)`,
        );
      } else if (!seen && !entry.obsolete && entry.msgstr.trim()) german.set(key, { file, msgstr: entry.msgstr });
      if (entry.obsolete) {
        problems++;
        console.log(`obsolete  ${file}: ${JSON.stringify(entry.msgid)} (run \`npm run i18n:extract -- --clean\`)`);
      } else if (!entry.msgstr.trim()) {
        problems++;
        console.log(`missing   ${file}: ${JSON.stringify(entry.msgid)}`);
      }
    }
  }
  console.log(`${files.length} German catalogues, ${total} texts, ${problems} problem(s)`);
  process.exit(problems ? 1 : 0);
}
