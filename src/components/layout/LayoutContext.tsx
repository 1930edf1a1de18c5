import { createContext, useContext, useState, type ReactNode } from "react";

interface LayoutState {
  /** The desktop menu folded to its icons. */
  siderCollapsed: boolean;
  setSiderCollapsed: (collapsed: boolean) => void;
  /** The phone's menu drawer open. */
  mobileSiderOpen: boolean;
  setMobileSiderOpen: (open: boolean) => void;
}

const LayoutContext = createContext<LayoutState>({
  siderCollapsed: false,
  setSiderCollapsed: () => undefined,
  mobileSiderOpen: false,
  setMobileSiderOpen: () => undefined,
});

/** The menu's state, shared by the menu and the header's button that opens it on a phone. */
export function LayoutStateProvider({ children }: { children: ReactNode }) {
  const [siderCollapsed, setSiderCollapsed] = useState(false);
  const [mobileSiderOpen, setMobileSiderOpen] = useState(false);
  return <LayoutContext.Provider value={{ siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen }}>{children}</LayoutContext.Provider>;
}

export const useLayoutState = () => useContext(LayoutContext);
