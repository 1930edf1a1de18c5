import { useEffect, useState } from "react";
import type { PublicConfig } from "../../../contracts/auth";
import { authApi } from "../../api/auth";

/** Company facts for signed-out screens; a failure leaves the screen usable without them. */
export function usePublicConfig(): PublicConfig | undefined {
  const [config, setConfig] = useState<PublicConfig>();
  useEffect(() => {
    let current = true;
    authApi
      .publicConfig()
      .then(({ data }) => current && setConfig(data.data))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return config;
}
