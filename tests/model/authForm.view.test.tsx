import { describe, expect, it } from 'vitest';
import { authFormFlow } from '../../stories/flows/authForm';
import { replayViews } from './viewReplay';

describe('authForm view: replayed along the graph', () => {
  it('renders every state of every explored path and offers the control for each next event', { timeout: 120_000 }, () => {
    const { paths, renders } = replayViews(authFormFlow);
    console.log(`authFormFlow: ${paths} paths replayed, ${renders} renders`);
    expect(paths).toBeGreaterThan(0);
    expect(renders).toBeGreaterThan(paths > 1 ? 1 : 0);
  });
});
