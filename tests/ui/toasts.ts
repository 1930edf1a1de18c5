/** The toasts on screen (antd notifications), by their text. */
export const toasts = () => [...document.querySelectorAll<HTMLElement>(".ant-notification-notice")].map((notice) => notice.textContent ?? "");

/** A toast opened after the outcome shows would have been opened with it: give it the moment it takes. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
