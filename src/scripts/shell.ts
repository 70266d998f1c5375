/**
 * Page-wide behaviour that is not an island: the top loading bar for navigations and the
 * reload-once-a-minute rule for chunk load failures (SPEC §4/§9).
 */
import { LOADING_BAR, isChunkLoadError, shouldReloadForChunk } from '~/lib/rules/reload';

// A toast the previous page left for this one (flash() in src/lib/toast.ts keeps it under
// 'gf-flash': registration's welcome, 发布成功, 退出成功): only then is the toaster hydrated, and it
// shows the toast when it mounts. This is demand('toaster') (src/lib/demand.ts) written out, so this
// inline script imports nothing of the islands' chunks and never waits for React.
try {
  if (sessionStorage.getItem('gf-flash')) {
    const w = window as Window & { __gfDemanded?: Set<string> };
    (w.__gfDemanded ??= new Set()).add('toaster');
    window.dispatchEvent(new CustomEvent('gf:demand', { detail: 'toaster' }));
  }
} catch {
  // Storage blocked: nothing was kept.
}

const bar = document.getElementById('gf-bar');
let timer: ReturnType<typeof setTimeout> | undefined;

function startBar(): void {
  if (!bar) return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    bar.style.transition = 'none';
    bar.style.width = '0';
    bar.style.opacity = '1';
    requestAnimationFrame(() => {
      bar.style.transition = `width ${LOADING_BAR.durationMs}ms cubic-bezier(.1,.7,.3,1)`;
      bar.style.width = '90%';
    });
  }, LOADING_BAR.throttleMs);
}

function stopBar(): void {
  clearTimeout(timer);
  if (bar) {
    bar.style.transition = 'opacity .2s';
    bar.style.opacity = '0';
  }
}

document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!a || a.target === '_blank' || a.hasAttribute('download')) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || (url.pathname === location.pathname && url.search === location.search)) return;
  startBar();
});
window.addEventListener('beforeunload', startBar);
window.addEventListener('pageshow', stopBar);

const KEY = 'gf-chunk-reload-at';
function reloadForChunk(): void {
  const last = Number(localStorage.getItem(KEY) ?? 0) || 0;
  if (!shouldReloadForChunk(last, Date.now())) return;
  localStorage.setItem(KEY, String(Date.now()));
  location.reload();
}
window.addEventListener('vite:preloadError', (e) => {
  e.preventDefault();
  reloadForChunk();
});
window.addEventListener('unhandledrejection', (e) => {
  if (isChunkLoadError(e.reason)) reloadForChunk();
});
