import { useEffect, useRef, useState } from 'react';

/* Pieces of the buyer's pages only (the pay countdown); shared pieces live in ../ui, the coupon ticket in ./CouponTicket. */

/** mm:ss left until `iso`; calls onEnd once when it runs out. */
export function Countdown(props: { until: string; onEnd?: () => void }) {
  const { until, onEnd } = props;
  const [left, setLeft] = useState(() => Math.max(0, new Date(until).getTime() - Date.now()));
  const ended = useRef(false);
  useEffect(() => {
    const id = setInterval(() => {
      const l = Math.max(0, new Date(until).getTime() - Date.now());
      setLeft(l);
      if (l === 0 && !ended.current) {
        ended.current = true;
        onEnd?.();
      }
    }, 1000);
    return () => clearInterval(id);
  }, [until, onEnd]);
  const s = Math.floor(left / 1000);
  return <span className="font-mono">{`${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`}</span>;
}
