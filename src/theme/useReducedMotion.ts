import { useEffect, useState } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/** Whether the person asked their system for less motion; follows the setting as it changes. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia(QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const follow = () => setReduced(media.matches);
    media.addEventListener("change", follow);
    follow();
    return () => media.removeEventListener("change", follow);
  }, []);
  return reduced;
}
