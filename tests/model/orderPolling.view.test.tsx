import { describe, expect, it } from 'vitest';
import { orderPollingFlow } from '../../stories/flows/orderPolling';
import { replayViews } from './viewReplay';

describe('orderPolling view: replayed along the graph', () => {
  it('renders every state of every explored path and offers the control for each next event', { timeout: 120_000 }, () => {
    const { paths, renders } = replayViews(orderPollingFlow);
    console.log(`orderPollingFlow: ${paths} paths replayed, ${renders} renders`);
    expect(paths).toBeGreaterThan(0);
    expect(renders).toBeGreaterThan(paths > 1 ? 1 : 0);
  });
});
