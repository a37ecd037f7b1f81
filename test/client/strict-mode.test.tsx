// @vitest-environment jsdom
/**
 * A local table under React's StrictMode, as the development build runs it: the clients and the
 * bot worker's client are started, stopped and started again on mount, and must still play. The
 * production build (the browser tests) never exercises that restart.
 */
import { StrictMode, act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkerRequest } from '../../client/local/bot-protocol';
import { LocalGame } from '../../client/local/LocalGame';
import { domPerTest } from './dom';

const dom = domPerTest('en');
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a local table in StrictMode', () => {
  it('loads, hands the screen over and plays a move after the double mount', async () => {
    dom.render(
      <StrictMode>
        <LocalGame players={2} seed="strict" />
      </StrictMode>,
    );
    await vi.waitFor(() => expect(dom.byTestId('local-game')).not.toBeNull());
    const table = dom.byTestId('local-game') as HTMLElement;
    const before = Number(table.dataset.stateId);

    const ready = dom.byTestId('handoff-ready');
    if (ready) act(() => ready.click());
    const move = await vi.waitFor(() => {
      const button = dom.host.querySelector<HTMLButtonElement>('button[data-action]:not([disabled])');
      expect(button).not.toBeNull();
      return button as HTMLButtonElement;
    });
    act(() => move.click());
    await vi.waitFor(() => expect(Number(table.dataset.stateId)).toBeGreaterThan(before));
  });

  it('still asks the bot worker for a bot’s decisions after the double mount', async () => {
    // jsdom has no Worker: a stand-in records what the table asks and refuses it (the driver then
    // falls back to a legal action, which is fine here).
    const asked: WorkerRequest[] = [];
    class RecordingWorker {
      onmessage: ((event: { data: unknown }) => void) | null = null;
      onerror: unknown = null;
      postMessage(request: WorkerRequest) {
        asked.push(request);
        setTimeout(() => this.onmessage?.({ data: { id: request.id, error: 'No worker in this test.' } }));
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', RecordingWorker);
    dom.render(
      <StrictMode>
        <LocalGame
          spec={{
            seats: [
              { name: 'Ada', bot: null },
              { name: 'Cadet', bot: 'cadet' },
            ],
            options: {},
            seed: 'strict-bots',
          }}
        />
      </StrictMode>,
    );
    // A bot's turn takes several decisions; a client closed for good by the first unmount would
    // have passed on at most the one asked before it.
    await vi.waitFor(
      () => expect(asked.filter((r) => r.kind === 'decide').length).toBeGreaterThanOrEqual(3),
      {
        timeout: 10_000,
      },
    );
  });
});
