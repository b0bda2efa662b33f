import type { AnyStateMachine } from 'xstate';
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<Record<string, unknown>>('../../machines/*Machine.ts', { eager: true });

/** Every exported machine of machines/*Machine.ts, by file and export name. */
function machines(): [string, AnyStateMachine][] {
  return Object.entries(modules).flatMap(([file, module]) =>
    Object.entries(module)
      .filter(([, value]) => typeof value === 'object' && value !== null && 'implementations' in value && 'root' in value)
      .map(([name, value]): [string, AnyStateMachine] => [`${file} ${name}`, value as AnyStateMachine]),
  );
}

/**
 * One rule for effects the app injects with `.provide()`: each default throws `provide <name>`, so a
 * container, test or story that forgets one fails loudly instead of silently doing nothing. XState's
 * own actions (assign, raise, enqueueActions…) carry a `type`; the app's effects are plain functions.
 */
describe('injected actions', () => {
  it('every plain action default of every machine throws "provide <name>"', () => {
    const all = machines();
    expect(all.length).toBeGreaterThan(30);
    const silent: string[] = [];
    for (const [where, machine] of all) {
      for (const [name, action] of Object.entries(machine.implementations.actions)) {
        if (typeof action !== 'function' || 'type' in action) continue;
        let message: string | null = null;
        try {
          (action as (...args: unknown[]) => unknown)({ context: {}, event: { type: 'test' } }, undefined);
        } catch (error) {
          message = error instanceof Error ? error.message : String(error);
        }
        if (message !== `provide ${name}`) silent.push(`${where}: ${name} (${message ?? 'no error'})`);
      }
    }
    expect(silent).toEqual([]);
  });
});
