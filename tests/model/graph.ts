import type { AnyStateMachine, StateNode } from 'xstate';

/** Every state node id of a machine ("locale.detecting", …), root excluded. */
export function stateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const walk = (node: StateNode) => {
    for (const child of Object.values(node.states)) {
      ids.push(child.id);
      walk(child);
    }
  };
  walk(machine.root);
  return ids;
}

/** The state node ids a snapshot is in (all active nodes, parents included). */
export function activeIds(snapshot: { _nodes: StateNode[] }): string[] {
  return snapshot._nodes.map((n) => n.id).filter((id) => id.includes('.'));
}

/** Milliseconds of an `xstate.after.<ms>.<state>` event, or null for any other event. */
export function afterDelay(eventType: string): number | null {
  const match = /^xstate\.after\.(\d+)\./.exec(eventType);
  return match ? Number(match[1]) : null;
}
