/**
 * Draw only when something changed: a Pixi application normally renders every frame, which costs a
 * core per canvas on software WebGL. Scenes re-render after each React commit and run the ticker
 * only while an animation plays.
 */
import { useCallback, useEffect } from 'react';
import { useApplication } from '@pixi/react';

export function useOnDemandRender(): (animating: boolean) => void {
  const { app, isInitialised } = useApplication();
  useEffect(() => {
    if (isInitialised && app.renderer) app.render();
  });
  return useCallback(
    (animating: boolean) => {
      if (!isInitialised || !app.renderer) return;
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
