import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { early, replayEarlyActions } from '../../src/services/earlyActions';

/** Taps kept by index.html's early script are replayed in order by the hydrated app (docs/adr/0035). */
describe('replayEarlyActions', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-hydrated');
    delete window.npngEarly;
  });

  function Picker({ added }: { added: string[] }) {
    const [size, setSize] = useState('S');
    return (
      <div>
        {['S', 'M', 'L'].map((s) => (
          <button key={s} type="button" aria-pressed={size === s} onClick={() => setSize(s)} {...early(`size:${s}`)}>
            {s}
          </button>
        ))}
        <button type="button" disabled {...early('sold-out')} onClick={() => added.push('sold-out')}>
          Sold out
        </button>
        <button type="button" onClick={() => added.push(size)} {...early('add')}>
          Add
        </button>
      </div>
    );
  }

  it('marks the page hydrated and taps each kept element once, in order, each seeing the state the previous tap left', async () => {
    const added: string[] = [];
    render(<Picker added={added} />);
    window.npngEarly = ['size:L', 'gone', 'sold-out', 'add'];
    expect(await replayEarlyActions()).toBe(2);
    expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true);
    expect(added).toEqual(['L']);
    expect(screen.getByRole('button', { name: 'L' }).getAttribute('aria-pressed')).toBe('true');
    expect(window.npngEarly).toEqual([]);
    // Nothing is replayed twice.
    expect(await replayEarlyActions()).toBe(0);
    expect(added).toEqual(['L']);
  });
});
