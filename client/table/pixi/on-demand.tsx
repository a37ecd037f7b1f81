/**
 * Draw only when something changed: a Pixi application normally renders every frame, which costs a
 * core per canvas on software WebGL. Scenes re-render after each React commit and run the ticker
 * only while an animation plays.
 */
import { useCallback, useEffect, type ReactNode } from 'react';
import { Application, useApplication } from '@pixi/react';
// Pixi v8 compiles its uniform and buffer updates with `new Function` unless this polyfill is
// installed, and refuses to start where eval is blocked: the server's Content-Security-Policy has
// no 'unsafe-eval' (server/security-headers.ts). Here, not in main.tsx: every table canvas is made
// by this module, and pixi.js stays out of the home page's bundle.
import 'pixi.js/unsafe-eval';

export function useOnDemandRender(): (animating: boolean) => void {
  const { app, isInitialised } = useApplication();
  useEffect(() => {
    if (isInitialised && app.renderer) app.render();
  });
  return useCallback(
    (animating: boolean) => {
      if (!isInitialised || !app.renderer) return;
      // Said on the canvas, so that a test can wait for the picture to be still.
      if (app.canvas instanceof HTMLCanvasElement)
        app.canvas.setAttribute('data-animating', animating ? 'yes' : 'no');
      if (animating) app.ticker.start();
      else {
        app.ticker.stop();
        app.render();
      }
    },
    [app, isInitialised],
  );
}

/**
 * Pixi's 2D-canvas renderer. `autoDetectRenderer` accepts 'canvas' but the Application typings list
 * only the GPU renderers. Software WebGL (no GPU) redraws a turning station far slower than 2D.
 */
export const CANVAS_2D = 'canvas' as unknown as 'webgl';

/**
 * The application every table canvas uses: the table's background, crisp on dense screens, the 2D
 * renderer, and a ticker that runs only while something animates (useOnDemandRender).
 */
export function TableApplication(props: { width: number; height: number; children: ReactNode }) {
  return (
    <Application
      width={props.width}
      height={props.height}
      background={0xf7f3ea}
      antialias
      autoDensity
      autoStart={false}
      onInit={(app) => app.ticker.stop()}
      resolution={Math.min(2, globalThis.devicePixelRatio || 1)}
      preference={CANVAS_2D}
      className="table-canvas"
    >
      {props.children}
    </Application>
  );
}
