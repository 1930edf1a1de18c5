import { useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import { Popconfirm } from "antd";
import { useTranslation } from "react-i18next";

export interface ConfirmActionProps {
  title: ReactNode;
  description?: ReactNode;
  okText: string;
  danger?: boolean;
  onConfirm: () => unknown;
  /** The button that asks. */
  children: ReactElement;
}

/**
 * A question before a step (approve, recalculate, delete), in antd's small
 * confirmation beside its button, made for the keyboard: the popup opens in
 * a portal at the page's end, so its answer takes the focus as it opens
 * (Tab would otherwise walk the whole page to reach it), Escape closes it
 * from there, and the focus goes back to the asking button.
 */
export function ConfirmAction({ title, description, okText, danger, onConfirm, children }: ConfirmActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const asker = useRef<Element | null>(null);
  const answerId = useId();
  const change = (next: boolean) => {
    if (next) {
      asker.current = document.activeElement;
      // The popup is placed (and visible) a few frames after it mounts: focus its answer once it can take it.
      let frames = 0;
      const focusAnswer = () => {
        const answer = document.getElementById(answerId);
        answer?.focus();
        if ((!answer || document.activeElement !== answer) && frames++ < 30) requestAnimationFrame(focusAnswer);
      };
      requestAnimationFrame(focusAnswer);
    }
    setOpen(next);
    if (!next) {
      const back = asker.current;
      // After the popup has gone: a step that removed its button (a deletion) leaves the focus where it lands.
      setTimeout(() => back instanceof HTMLElement && back.isConnected && back.focus());
    }
  };
  return (
    // Escape closes it from inside the popup too (antd listens on the asking button only): React hands the
    // popup's keys, portal and all, up to this wrapper.
    <span
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) change(false);
      }}
    >
      <Popconfirm
        open={open}
        onOpenChange={change}
        title={title}
        description={description}
        okText={okText}
        cancelText={t("common.cancel")}
        okButtonProps={{ id: answerId, danger }}
        destroyOnHidden
        onConfirm={() => {
          change(false);
          return onConfirm();
        }}
      >
        {children}
      </Popconfirm>
    </span>
  );
}
