import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { csvExportMachine, selectExportState } from '../../machines/csvExportMachine';
import { declaredTransitions, explore } from './graph';
import { type Deferred, deferredActor, tick } from './support';

const events = [
  { type: 'export.start' },
  { type: 'separator.change', separator: ';' },
  { type: 'separator.change', separator: ',' },
  { type: 'xstate.done.actor.exportCsv' },
  { type: 'xstate.error.actor.exportCsv', error: new Error('Failed to fetch') },
] as const;

function harness() {
  const exports: Deferred<{ separator: ',' | ';' }, void>[] = [];
  const actor = createActor(csvExportMachine.provide({ actors: { exportCsv: deferredActor(exports) } })).start();
  return { actor, exports };
}

describe('CSV export machine', () => {
  it('takes every declared transition', () => {
    const { taken } = explore(csvExportMachine, undefined as never, [...events]);
    expect([...taken].sort()).toEqual(declaredTransitions(csvExportMachine).sort());
  });

  it('exports with the chosen separator, once per click while one runs; a failure is shown and a retry exports again', async () => {
    const h = harness();
    h.actor.send({ type: 'separator.change', separator: ';' });
    h.actor.send({ type: 'export.start' });
    h.actor.send({ type: 'export.start' });
    h.actor.send({ type: 'separator.change', separator: ',' });
    expect(h.exports.map((e) => e.input)).toEqual([{ separator: ';' }]);
    h.exports[0].reject(new Error('Failed to fetch'));
    await tick();
    expect([selectExportState(h.actor.getSnapshot()), h.actor.getSnapshot().context.failure]).toEqual(['failed', 'Failed to fetch']);
    h.actor.send({ type: 'export.start' });
    expect(h.actor.getSnapshot().context.failure).toBeNull();
    h.exports[1].resolve();
    await tick();
    expect(selectExportState(h.actor.getSnapshot())).toBe('idle');
    expect(h.exports.map((e) => e.input)).toEqual([{ separator: ';' }, { separator: ';' }]);
  });
});
