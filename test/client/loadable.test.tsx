// @vitest-environment jsdom
/**
 * A part loaded on demand without Suspense: it shows its placeholder until its code arrives, shows
 * itself at once when the code was fetched before, and a failed load reaches the error boundary and
 * is tried again by the next mount.
 */
import { act, Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadable } from '../../client/loadable';
import { domPerTest } from './dom';

function Hello({ name }: { name: string }) {
  return <p data-testid="hello">Hello {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p data-testid="failed">failed</p> : this.props.children;
  }
}

/** Lets the pending promises and the renders they start run. */
const settle = () => act(async () => {});

describe('a part loaded on demand', () => {
  const dom = domPerTest('en');

  it('shows its placeholder until its code arrives, then itself', async () => {
    let arrive: (module: { default: typeof Hello }) => void = () => {};
    const Part = loadable(
      () => new Promise<{ default: typeof Hello }>((resolve) => (arrive = resolve)),
      <p data-testid="waiting">…</p>,
    );
    dom.render(<Part name="Ada" />);
    expect(dom.byTestId('waiting')).not.toBeNull();
    arrive({ default: Hello });
    await settle();
    expect(dom.byTestId('hello')?.textContent).toBe('Hello Ada');
    expect(dom.byTestId('waiting')).toBeNull();
  });

  it('shows itself at once when its code was fetched before', async () => {
    const Part = loadable(async () => ({ default: Hello }));
    await Part.preload();
    dom.render(<Part name="Vega" />);
    expect(dom.byTestId('hello')?.textContent).toBe('Hello Vega');
  });

  it('hands a failed load to the error boundary, and the next mount tries again', async () => {
    let attempts = 0;
    const Part = loadable(async () => {
      attempts++;
      if (attempts === 1) throw new Error('offline');
      return { default: Hello };
    });
    const errors = console.error;
    console.error = () => {}; // React reports the caught error; the boundary is what is tested.
    try {
      dom.render(
        <Boundary key="first">
          <Part name="Lyra" />
        </Boundary>,
      );
      await settle();
      expect(dom.byTestId('failed')).not.toBeNull();
    } finally {
      console.error = errors;
    }
    dom.render(
      <Boundary key="second">
        <Part name="Lyra" />
      </Boundary>,
    );
    await settle();
    expect(dom.byTestId('hello')?.textContent).toBe('Hello Lyra');
    expect(attempts).toBe(2);
  });
});
