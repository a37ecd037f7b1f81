/**
 * A React root in jsdom for each test of a file: the language set, canvases refused (jsdom cannot
 * draw, so planets fall back to their DOM version), and everything unmounted afterwards.
 */
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { setLanguage, type Language } from '../../client/i18n';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Dom {
  readonly host: HTMLDivElement;
  render(node: ReactNode): void;
  byTestId(id: string): HTMLElement | null;
}

export function domPerTest(language: Language = 'en'): Dom {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    setLanguage(language);
    HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    setLanguage('en');
  });
  return {
    get host() {
      return host;
    },
    render: (node) => act(() => root.render(node)),
    byTestId: (id) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`),
  };
}
