/**
 * `npm ci` / `npm install` run this (package.json's `prepare`): Panda's codegen writes styled-system/,
 * which building, type-checking and testing need. An install without dev dependencies
 * (`npm ci --omit=dev`, to serve a build made elsewhere) has no Panda and nothing to generate.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

if (!existsSync('node_modules/@pandacss/dev')) {
  console.log('prepare: Panda is not installed (npm ci --omit=dev): no codegen, which only building needs');
  process.exit(0);
}
const codegen = spawnSync('npx', ['panda', 'codegen', '--silent'], { stdio: 'inherit' });
process.exit(codegen.status ?? 1);
