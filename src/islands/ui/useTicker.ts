import { useEffect, useState } from 'react';

/** The clock for countdowns (milliseconds), ticking each second while mounted. */
export function useTicker(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}
