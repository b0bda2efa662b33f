import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The one-way import rule (ADR 0028) lives in biome.json as `noRestrictedImports` overrides. `npm run
 * lint` proves the tree keeps it; this proves the rule itself says what the ADR says: each probe is a
 * one-import file placed where a real one would be, linted with the project's own biome.json.
 */
const ROOT = resolve(import.meta.dirname, '../..');

type Probe = { file: string; from: string; allowed: boolean };

const PROBES: Probe[] = [
  // features: never the shell, never another feature; views never the API
  { file: 'src/features/cart/A.tsx', from: '../../app/hydration', allowed: false },
  { file: 'src/features/cart/B.tsx', from: '../shop/ShopView', allowed: false },
  { file: 'src/features/cart/C.tsx', from: '../../ui/Button', allowed: true },
  { file: 'src/features/cart/D.tsx', from: '../../api/products', allowed: true },
  { file: 'src/features/cart/E.tsx', from: '../../../machines/cartMachine', allowed: true },
  { file: 'src/features/cart/F.tsx', from: '../../../domain/paging', allowed: true },
  { file: 'src/features/cart/G.tsx', from: './CartView', allowed: true },
  { file: 'src/features/cart/ProbeView.tsx', from: '../../api/products', allowed: false },
  { file: 'src/features/cart/Probe2View.tsx', from: '../shop/ShopView', allowed: false },
  { file: 'src/features/cart/Probe3View.tsx', from: '../../services/context', allowed: true },
  { file: 'src/features/admin/orders/A.tsx', from: '../withdrawals/url', allowed: true },
  { file: 'src/features/admin/orders/B.tsx', from: '../../cart/CartView', allowed: false },
  { file: 'src/features/admin/orders/C.tsx', from: '../../../app/routes', allowed: false },
  { file: 'src/features/admin/orders/ProbeView.tsx', from: '../../../api/admin', allowed: false },
  { file: 'src/features/admin/orders/Probe2View.tsx', from: '../../cart/CartView', allowed: false },
  // shared layers below the features
  { file: 'src/ui/A.tsx', from: '../features/cart/CartView', allowed: false },
  { file: 'src/ui/B.tsx', from: '../api/products', allowed: false },
  { file: 'src/ui/C.tsx', from: '../app/Shell', allowed: false },
  { file: 'src/services/A.ts', from: '../app/hydration', allowed: false },
  { file: 'src/services/B.ts', from: '../features/cart/CartRoute', allowed: false },
  { file: 'src/services/C.ts', from: '../api/products', allowed: true },
  { file: 'src/api/A.ts', from: '../ui/Button', allowed: false },
  { file: 'src/api/B.ts', from: '../features/cart/CartRoute', allowed: false },
  // the shell may import anything below it
  { file: 'src/app/A.tsx', from: '../features/cart/CartRoute', allowed: true },
  // statecharts and rules: plain TypeScript
  { file: 'machines/aMachine.ts', from: 'react', allowed: false },
  { file: 'machines/bMachine.ts', from: '@supabase/supabase-js', allowed: false },
  { file: 'machines/cMachine.ts', from: '../src/api/products', allowed: false },
  { file: 'machines/dMachine.ts', from: '../domain/paging', allowed: true },
  { file: 'domain/a.ts', from: '../machines/cartMachine', allowed: false },
  { file: 'domain/b.ts', from: '@xstate/react', allowed: false },
  { file: 'domain/c.ts', from: '../src/config/shop', allowed: false },
  { file: 'domain/d.ts', from: './vat', allowed: true },
];

let dir = '';
let flagged = new Map<string, string>();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'npng-import-rules-'));
  copyFileSync(join(ROOT, 'biome.json'), join(dir, 'biome.json'));
  for (const probe of PROBES) {
    mkdirSync(join(dir, dirname(probe.file)), { recursive: true });
    writeFileSync(join(dir, probe.file), `import { probe } from '${probe.from}';\n\nexport const used = probe;\n`);
  }
  let out: string;
  try {
    out = execFileSync(join(ROOT, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    // biome exits 1 when it reports errors; the report is still on stdout
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1)) as {
    diagnostics: { category: string; message: string; location: { path: string } }[];
  };
  flagged = new Map(report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports').map((d) => [d.location.path, d.message]));
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('one-way imports (ADR 0028)', () => {
  it.each(PROBES)('$file importing $from is allowed: $allowed', (probe) => {
    if (probe.allowed) expect(flagged.get(probe.file)).toBeUndefined();
    else expect(flagged.get(probe.file)).toMatch(/ADR 0028|ARCHITECTURE/);
  });
});
