/**
 * Leaving a table in progress asks first: a confirmation on the app's own links, and the
 * browser's question when the page is closed or reloaded. (The game is saved either way; the
 * question guards against a slip, and Back, which cannot be asked about, loses nothing.)
 */
import { useEffect } from 'react';

export function useLeaveGuard(active: boolean, question: string): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      // A link opened elsewhere leaves nothing.
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || link.getAttribute('target') === '_blank') return;
      // Only the app's own pages ("#/…"); in-page anchors keep the table.
      if (!(link.getAttribute('href') ?? '').startsWith('#/')) return;
      if (window.confirm(question)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, question]);
}
