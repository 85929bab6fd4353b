import { useEffect, useState } from "react";

let hydratedOnce = false;

/** False on the server and during hydration; true afterwards. Used to enable JS-only behaviour. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
