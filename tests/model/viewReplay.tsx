import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { AnyFlow, Control } from '../../stories/flows/flow';
import { FlowView } from '../../stories/flows/views';
import { explore } from './graph';

function find(control: Control, where: string) {
  const found = 'label' in control ? screen.queryAllByLabelText(control.label) : screen.queryAllByRole(control.role, { name: control.name });
  expect(found.length, `${where}: ${JSON.stringify(control, (_, v) => (v instanceof RegExp ? String(v) : v))} on screen`).toBe(1);
  return found[0];
}

/**
 * Replays every path the explorer finds for a flow against its view (ARCHITECTURE §3): each state
 * along a path renders, and the control behind the path's next event is there and enabled; a
 * button, pressed, sends that event. A state whose props were already rendered with the same next
 * event is not rendered again. Returns how many paths and renders it checked.
 */
export function replayViews(flow: AnyFlow) {
  // What a render depends on: the props' data (callbacks aside; a file by its name).
  const vertex = (s: AnyMachineSnapshot) =>
    JSON.stringify(
      flow.props(s, () => {}),
      (_, value) => (value instanceof File ? `file:${value.name}` : value),
    );
  let paths = 0;
  let renders = 0;
  const checked = new Set<string>();
  for (const input of Object.values(flow.inputs)) {
    const explored = explore(flow.machine, input, flow.events, { limit: 20_000, ...flow.explore });
    for (const path of explored.paths) {
      paths++;
      let from: AnyMachineSnapshot = explored.initial;
      for (const step of [...path, { event: null, state: null }] as { event: AnyEventObject | null; state: AnyMachineSnapshot | null }[]) {
        const control = step.event && flow.control(step.event, from);
        const key = `${vertex(from)} ${control ? JSON.stringify(step.event) : ''}`;
        if (!checked.has(key)) {
          checked.add(key);
          renders++;
          const sent: AnyEventObject[] = [];
          const { hook } = memoryLocation({ path: flow.path ?? '/' });
          const { unmount } = render(
            <I18nProvider i18n={i18n}>
              <Router hook={hook}>
                <FlowView flow={flow} snapshot={from} send={(event) => sent.push(event)} />
              </Router>
            </I18nProvider>,
          );
          if (control && step.event) {
            const where = `${JSON.stringify(from.value)} → ${step.event.type}`;
            const element = find(control, where);
            expect(element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true', `${where}: disabled`).toBe(false);
            if ('role' in control && control.role === 'button') {
              fireEvent.click(element);
              expect(
                sent.map((e) => e.type),
                where,
              ).toContain(step.event.type);
            }
          }
          unmount();
        }
        if (step.state) from = step.state;
      }
    }
  }
  return { paths, renders };
}
