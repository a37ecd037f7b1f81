/**
 * Where a lazily loaded Pixi scene goes: nothing (the DOM version shows meanwhile) while pixi.js
 * loads, and the fallback if the browser cannot draw (no WebGL or 2D canvas) or the scene fails.
 */
import { Component, Suspense, type ReactNode } from 'react';

let drawable: boolean | null = null;

/** Whether this browser can give Pixi a drawing context at all. */
export function canDrawCanvas(): boolean {
  if (drawable !== null) return drawable;
  try {
    const probe = document.createElement('canvas');
    // jsdom reports "not implemented" for getContext; a stub returning null means "cannot draw".
    drawable = Boolean(probe.getContext('webgl2') ?? probe.getContext('webgl') ?? probe.getContext('2d'));
  } catch {
    drawable = false;
  }
  return drawable;
}

class SceneBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function CanvasSlot({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  if (!canDrawCanvas()) return <>{fallback}</>;
  return (
    <SceneBoundary fallback={fallback}>
      <Suspense fallback={null}>{children}</Suspense>
    </SceneBoundary>
  );
}
