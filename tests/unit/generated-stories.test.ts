import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flowStories, GENERATED_DIR, generateStories } from '../../scripts/generate-stories';
import { FLOWS } from '../../stories/flows/index';
import { stateIds } from '../model/graph';

describe('generated stories (stories/generated)', () => {
  const files = generateStories();

  it('are what `npm run stories:generate` writes now (run it after changing a flow machine or its declaration)', () => {
    expect(readdirSync(GENERATED_DIR).sort()).toEqual([...files.keys()].sort());
    for (const [name, text] of files) expect(readFileSync(join(GENERATED_DIR, name), 'utf8'), name).toBe(text);
  });

  it.each(FLOWS.map((flow) => [flow.name, flow] as const))('%s: a story for every leaf state the machine reaches', (_, flow) => {
    const shown = new Set(flowStories(flow).flatMap((story) => leaves(JSON.parse(story.key))));
    // Every atomic state but the transient ones (an `always` that leaves at once is never a snapshot).
    const atomic = stateIds(flow.machine).filter((id) => {
      const node = flow.machine.getStateNodeById(id);
      return Object.keys(node.states).length === 0 && node.always === undefined;
    });
    expect([...shown].sort()).toEqual(atomic.map((id) => id.split('.').slice(1).join('.')).sort());
  });
});

/** {"session":{"reviewing":"editing"},"rates":"loaded"} → ["session.reviewing.editing", "rates.loaded"] */
function leaves(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [`${prefix}${value}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, `${prefix}${k}.`));
}
