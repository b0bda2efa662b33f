/**
 * `npm test` step after `lingui extract`: every German catalogue entry has a translation and no
 * catalogue keeps obsolete entries. Prints each missing text with its catalogue; exits 1 if any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Entry = { msgid: string; msgstr: string; obsolete: boolean };

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
    entries.push({ msgid, msgstr, obsolete });
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
  for (const file of files) {
    for (const entry of parsePo(readFileSync(file, 'utf8'))) {
      total++;
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
