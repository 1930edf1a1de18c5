import type { MouseEvent } from "react";
import { Button, type ButtonProps } from "antd";
import { useNavigate } from "react-router";

/**
 * A link that looks like a button: a real <a href> (new tab, copy link, keyboard)
 * that navigates inside the app on a plain click.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, "href" | "onClick"> & { to: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  };
  return <Button {...props} href={to} onClick={follow} />;
}
