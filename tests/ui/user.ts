import userEvent from "@testing-library/user-event";

type Options = Parameters<typeof userEvent.setup>[0];

/**
 * userEvent as these tests drive the screens: no pause between keystrokes and
 * no pointer move before each click. Nothing here reacts to hovering (a test
 * that needs it calls `hover`), and the two took a fifth of the UI suite's time.
 */
export function setupUser(options?: Options) {
  return userEvent.setup({ delay: null, skipHover: true, ...options });
}

export type User = ReturnType<typeof setupUser>;
