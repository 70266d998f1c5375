import { useRef } from 'react';

/**
 * Long-press on a phone (iOS Safari fires no contextmenu on touch) and the context menu elsewhere
 * (Android's long-press, a right click): one call per press.
 */
export function useLongPress(onPress: () => void, ms = 500) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  return {
    onTouchStart: () => {
      fired.current = false;
      cancel();
      timer.current = setTimeout(() => {
        fired.current = true;
        onPress();
      }, ms);
    },
    onTouchMove: cancel,
    onTouchEnd: cancel,
    onTouchCancel: cancel,
    onContextMenu: (e: React.MouseEvent) => {
      e.preventDefault();
      cancel();
      if (!fired.current) onPress();
      fired.current = false;
    },
  };
}
